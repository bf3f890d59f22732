import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { bannersQuery, type Banner } from '../api/content.ts';
import { linkTarget } from '../model/links.ts';
import { BannerSlide } from './BannerSlide.tsx';
import './content.css';

// the sliding (antd-mobile's Swiper and its animation library) loads after the first screen has drawn;
// until then the first banner stands in the same box
const BannerSlides = lazy(() => import('./BannerSlides.tsx'));

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
      <Suspense fallback={<BannerSlide banner={banners[0]!} onOpen={open} />}>
        <BannerSlides banners={banners} onOpen={open} />
      </Suspense>
    </div>
  );
}
