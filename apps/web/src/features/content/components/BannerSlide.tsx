import Image from 'antd-mobile/es/components/image';
import type { Banner } from '../api/content.ts';

/** One home banner: the operator's picture, a link when it has one. */
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
      <Image src={b.imageUrl} alt={b.title} fit="cover" width="100%" height="100%" lazy />
    </div>
  );
}
