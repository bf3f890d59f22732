import type { ReactNode } from 'react';

/**
 * A form whose checks are ours, not the browser's (`noValidate`): Enter or the submit button calls
 * `onSubmit`, and the page never reloads.
 */
export function Form(props: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
    </form>
  );
}
