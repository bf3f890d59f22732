import { useQuery } from '@tanstack/react-query';
import Image from 'antd-mobile/es/components/image';
import Swiper from 'antd-mobile/es/components/swiper';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { bannersQuery, type Banner } from '../api/content.ts';
import { linkTarget } from '../model/links.ts';
import './content.css';

/**
 * The home page's banners (/xb/v1/common/load/banner): the operator's images in their order, in the
 * reader's language, only while they are live. No banner, no carousel — never a placeholder picture.
 */
export function BannerCarousel(props: { position?: string }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery(bannersQuery(i18n.language, props.position ?? 'home'));
  const banners = data?.list ?? [];
  if (banners.length === 0) return null;

  const open = (b: Banner) => {
    const target = linkTarget(b.linkUrl, window.location.origin);
    if (target.kind === 'internal') void navigate(target.path);
    else if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <div className="ct-banners" data-testid="banner-carousel">
      <Swiper autoplay={banners.length > 1} loop={banners.length > 1} autoplayInterval={5000}>
        {banners.map((b) => (
          <Swiper.Item key={b.id}>
            <div
              className={'ct-banner' + (b.linkUrl ? ' ct-banner--link' : '')}
              role={b.linkUrl ? 'link' : undefined}
              tabIndex={b.linkUrl ? 0 : undefined}
              onClick={() => open(b)}
              onKeyDown={(e) => e.key === 'Enter' && open(b)}
              data-testid={`banner-${b.id}`}
            >
              <Image src={b.imageUrl} alt={b.title} fit="cover" width="100%" height="100%" lazy />
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
