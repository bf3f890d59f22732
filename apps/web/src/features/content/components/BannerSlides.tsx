import Swiper from 'antd-mobile/es/components/swiper';
import type { Banner } from '../api/content.ts';
import { BannerSlide } from './BannerSlide.tsx';

/** The home banners sliding by, loaded apart from the home screen (BannerCarousel). */
export default function BannerSlides(props: { banners: Banner[]; onOpen: (b: Banner) => void }) {
  const { banners } = props;
  return (
    <Swiper autoplay={banners.length > 1} loop={banners.length > 1} autoplayInterval={5000}>
      {banners.map((b) => (
        <Swiper.Item key={b.id}>
          <BannerSlide banner={b} onOpen={props.onOpen} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
