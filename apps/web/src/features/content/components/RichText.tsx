/**
 * A notice, document or article body. The HTML comes from the server, which sanitizes every body
 * when it is saved (apps/server/src/modules/content/sanitize.ts: an allow-list of tags and
 * attributes, no scripts, no event handlers, only http(s)/relative links) — that is why it may be
 * rendered with dangerouslySetInnerHTML here. Never pass anything else to this component.
 */
export function RichText(props: { html: string; testId?: string }) {
  return (
    <div
      className="rich-text"
      data-testid={props.testId ?? 'rich-text'}
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
