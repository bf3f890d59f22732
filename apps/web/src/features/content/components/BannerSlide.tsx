import type { Banner } from '../api/content.ts';

/**
 * One home banner: the operator's picture, a link when it has one. A plain lazy image over the box's own colour
 * (content.css): antd-mobile's Image brought eight small scripts and a style sheet into the home screen's start-up.
 */
export function BannerSlide(props: { banner: Banner; onOpen: (b: Banner) => void }) {
  const b = props.banner;
  return (
    <div
      className={'ct-banner' + (b.linkUrl ? ' ct-banner--link' : '')}
      role={b.linkUrl ? 'link' : undefined}
      tabIndex={b.linkUrl ? 0 : undefined}
      onClick={() => props.onOpen(b)}
      onKeyDown={(e) => e.key === 'Enter' && props.onOpen(b)}
      data-testid={`banner-${b.id}`}
    >
      <img className="ct-banner__img" src={b.imageUrl} alt={b.title} loading="lazy" decoding="async" />
    </div>
  );
}
