/** What is wrong with a field of a ticket form, under it; nothing while the field is fine. */
export function FieldError(props: { message: string | null | undefined; testId: string }) {
  if (!props.message) return null;
  return (
    <div className="sp-error" role="alert" data-testid={props.testId}>
      {props.message}
    </div>
  );
}
