import { Paper, Text, Textarea, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import {
  insertMention,
  type Mentionable,
  mentionName,
  mentionQuery,
  mentionSuggestions,
} from '../../../../shared/tasks/commentRules';
import { COMMENT_MAX_LENGTH } from '../../../../shared/tasks/constants';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  members: readonly Mentionable[];
  placeholder?: string;
  error?: string;
  autoFocus?: boolean;
};

/**
 * A comment box that suggests the team's members after '@'. The list is a listbox tied to the text
 * box with aria-activedescendant: arrow keys move, Enter or Tab picks, Escape closes, and the text
 * keeps the focus throughout so typing never stops.
 */
export function MentionTextarea({ label, value, onChange, members, placeholder, error, autoFocus }: Props) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const query = mentionQuery(value, caret);
  const suggestions = query && dismissed !== query.start ? mentionSuggestions(members, query.query) : [];
  const open = suggestions.length > 0;
  const current = Math.min(active, suggestions.length - 1);

  function pick(member: Mentionable) {
    const next = insertMention(value, caret, member);
    onChange(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.caret, next.caret);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(suggestions[current]);
    } else if (event.key === 'Escape') {
      // Closes the list only; a dialog around it stays open.
      event.stopPropagation();
      setDismissed(query?.start ?? null);
    }
  }

  return (
    <div style={{ position: 'relative' }}>
      <Textarea
        ref={ref}
        label={label}
        description="Type @ to mention a member of the team; they get an email."
        placeholder={placeholder}
        value={value}
        error={error}
        autoFocus={autoFocus}
        rows={3}
        resize="vertical"
        maxLength={COMMENT_MAX_LENGTH}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${current}` : undefined}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
          setDismissed(null);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <Paper
          withBorder
          shadow="sm"
          p={4}
          id={listId}
          role="listbox"
          aria-label="Team members to mention"
          style={{ position: 'absolute', zIndex: 10, left: 0, right: 0 }}
        >
          {suggestions.map((member, index) => (
            <UnstyledButton
              key={member.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === current}
              tabIndex={-1}
              display="block"
              w="100%"
              px="sm"
              py={6}
              bg={index === current ? 'var(--mantine-color-gray-2)' : undefined}
              // mousedown, so the text box keeps the focus (a click would blur it first).
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
            >
              <Text size="sm">{mentionName(member)}</Text>
            </UnstyledButton>
          ))}
        </Paper>
      )}
    </div>
  );
}
