import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState, type ReactNode } from 'react';
import { FormModal } from './FormModal.tsx';

/** A decimal string as the server takes it: digits with an optional fraction, never a float. */
export const DECIMAL = /^\d+(\.\d+)?$/;

/** One field of the dialog: a text input unless `control` says otherwise. */
export interface EditField {
  name: string;
  label: string;
  rules?: Rule[];
  control?: ReactNode;
}

/** A required field holding a decimal string (amounts, limits, capacities): the server does the arithmetic. */
export function decimalField(name: string, label: string, message?: string): EditField {
  return { name, label, rules: [{ required: true, pattern: DECIMAL, ...(message ? { message } : {}) }] };
}

/**
 * Editing one row of a console table in the form dialog: `edit(row)` fills the fields from the row
 * and opens it; Confirm checks the fields, runs `save` through the screen's action (its message on
 * success, the server's on failure), closes and reloads the table.
 */
export function useRowEditor<R, V extends object>(opts: {
  title: (row: R) => string;
  fields: EditField[];
  valuesOf: (row: R) => Partial<V>;
  save: (row: R, values: V) => Promise<unknown>;
  done: string;
  reload: () => void;
  action: { run: (fn: () => Promise<unknown>, done?: string) => Promise<unknown>; busy: boolean };
}) {
  const [editing, setEditing] = useState<R | null>(null);
  const [form] = Form.useForm<V>();
  const edit = (row: R) => {
    form.setFieldsValue(opts.valuesOf(row) as Parameters<typeof form.setFieldsValue>[0]);
    setEditing(row);
  };
  const submit = (values: V) =>
    editing &&
    opts.action.run(async () => {
      await opts.save(editing, values);
      setEditing(null);
      opts.reload();
    }, opts.done);
  const modal = (
    <FormModal
      open={editing !== null}
      title={editing ? opts.title(editing) : ''}
      busy={opts.action.busy}
      onCancel={() => setEditing(null)}
      form={form}
      onSubmit={submit}
      forceRender
    >
      <Form form={form} layout="vertical">
        {opts.fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label} rules={f.rules}>
            {f.control ?? <Input />}
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
  return { edit, modal };
}
