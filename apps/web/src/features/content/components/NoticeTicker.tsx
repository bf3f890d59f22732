import Swiper from 'antd-mobile/es/components/swiper';
import type { ContentListItem } from '../api/content.ts';
import { NoticeLink } from './NoticeLink.tsx';

/** The notice strip's vertical scrolling, loaded apart from the home screen (NoticeStrip). */
export default function NoticeTicker(props: { notices: ContentListItem[] }) {
  const { notices } = props;
  return (
    <Swiper
      className="ct-strip__swiper"
      direction="vertical"
      autoplay={notices.length > 1}
      autoplayInterval={4000}
      loop={notices.length > 1}
      indicator={() => null}
      allowTouchMove={false}
      style={{ '--height': '36px' }}
    >
      {notices.map((n) => (
        <Swiper.Item key={n.id}>
          <NoticeLink notice={n} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
