import { describe, expect, it } from 'vitest';
import { keyFrom } from './PayloadFieldsEditor';
import { prettyResponse } from './WebhookViewScreen';

describe('webhook screens', () => {
  it('suggests a payload key from a field label', () => {
    expect(keyFrom('Company name')).toBe('company_name');
    expect(keyFrom('  Stand No. (A-Z) ')).toBe('stand_no_a_z');
    expect(keyFrom('???')).toBe('value');
  });

  it('indents a JSON answer for the log and leaves anything else as it came', () => {
    expect(prettyResponse('{"ok":true}')).toBe('{\n  "ok": true\n}');
    expect(prettyResponse('<html>502</html>')).toBe('<html>502</html>');
    expect(prettyResponse('')).toBe('');
  });
});
