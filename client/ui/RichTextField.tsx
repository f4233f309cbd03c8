import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';

/**
 * The rich text editor (@mantine/tiptap). Its own lazy chunk: tiptap and ProseMirror are heavy and
 * only the admin forms need them. The toolbar offers only what the server's sanitiser keeps
 * (headings 2 to 4, marks, lists, quotes, code, links).
 */
export default function RichTextField({
  label,
  value,
  onChange,
  error,
  insertables = [],
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  /** Text the toolbar can insert at the cursor, such as an email template's merge variables. */
  insertables?: readonly { label: string; text: string }[];
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false } })],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          {insertables.length > 0 && (
            <RichTextEditor.ControlsGroup>
              {insertables.map((item) => (
                <RichTextEditor.Control
                  key={item.text}
                  onClick={() => editor?.chain().focus().insertContent(item.text).run()}
                  aria-label={`Insert ${item.label}`}
                  title={`Insert ${item.label}`}
                  px={6}
                  w="auto"
                >
                  {item.label}
                </RichTextEditor.Control>
              ))}
            </RichTextEditor.ControlsGroup>
          )}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
