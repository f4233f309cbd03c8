import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

const DEBOUNCE_MS = 300;

export interface ListSearchProps {
  value: string;
  onSearch: (text: string) => void;
  label?: string;
  placeholder?: string;
}

/**
 * The search box of a list: typing updates the URL (and so the server query) after a short pause,
 * not on every key press.
 */
export function ListSearch({ value, onSearch, label = 'Search', placeholder }: ListSearchProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const send = (next: string) => {
    committed.current = next;
    onSearch(next);
  };
  const sendLater = useDebouncedCallback(send, DEBOUNCE_MS);
  const sendNow = (next: string) => {
    sendLater.cancel();
    send(next);
  };

  // The URL can change under us (back button, "Clear filters"); our own commits must not reset
  // what the user kept typing meanwhile.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear search"
            onClick={() => {
              setText('');
              sendNow('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        sendLater(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') sendNow(text);
      }}
    />
  );
}
