import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { useSchemaForm } from './useSchemaForm';

const schema = z.strictObject({
  name: z.string().trim().min(1, 'Required'),
  owner: z.strictObject({ email: z.email({ message: 'Invalid email' }) }),
});
const initialValues = { name: '', owner: { email: '' } };

describe('useSchemaForm', () => {
  it('shows the schema messages on submit and sends nothing', () => {
    const send = vi.fn();
    const { result } = renderHook(() => useSchemaForm(schema, { initialValues }));
    act(() => result.current.onSubmit(send)());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: 'Required', 'owner.email': 'Invalid email' });
  });

  it('sends the schema output (trimmed) once the values pass', () => {
    const send = vi.fn();
    const { result } = renderHook(() => useSchemaForm(schema, { initialValues }));
    act(() => {
      result.current.setFieldValue('name', '  Stand A ');
      result.current.setFieldValue('owner.email', 'a@example.com');
    });
    act(() => result.current.onSubmit(send)());
    expect(send).toHaveBeenCalledWith({ name: 'Stand A', owner: { email: 'a@example.com' } }, undefined);
    expect(result.current.errors).toEqual({});
  });

  it("adds the screen's own checks, which win on the same field", () => {
    const send = vi.fn();
    const { result } = renderHook(() =>
      useSchemaForm(schema, {
        initialValues,
        check: (values) => ({ name: values.name ? undefined : 'Enter a name', extra: 'Also this' }),
      }),
    );
    act(() => result.current.onSubmit(send)());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({
      name: 'Enter a name',
      'owner.email': 'Invalid email',
      extra: 'Also this',
    });
  });

  it('checks the body built by toInput, keeping the form values apart', () => {
    const send = vi.fn();
    const { result } = renderHook(() =>
      useSchemaForm(schema, {
        initialValues: { name: 'Stand A', email: 'a@example.com', preview: 'local only' },
        toInput: ({ name, email }) => ({ name, owner: { email } }),
      }),
    );
    act(() => result.current.onSubmit(send)());
    expect(send).toHaveBeenCalledWith({ name: 'Stand A', owner: { email: 'a@example.com' } }, undefined);
  });

  it("puts a refused request's issues on their fields, and clears them when it has none", () => {
    const { result } = renderHook(() => useSchemaForm(schema, { initialValues }));
    act(() =>
      result.current.setServerErrors(
        new ApiError(400, 'validation', 'Bad Request', [
          { path: ['owner', 'email'], message: 'Taken' },
          { path: ['owner', 'email'], message: 'Later message' },
        ]),
      ),
    );
    expect(result.current.errors).toEqual({ 'owner.email': 'Taken' });
    act(() => result.current.setServerErrors(new ApiError(409, 'conflict', 'Conflict')));
    expect(result.current.errors).toEqual({});
  });

  it('keeps a message while the field is edited, until the next submit', () => {
    const { result } = renderHook(() => useSchemaForm(schema, { initialValues }));
    act(() => result.current.onSubmit(vi.fn())());
    act(() => result.current.setFieldValue('name', 'x'));
    expect(result.current.errors.name).toBe('Required');
  });
});
