import { useEffect, useState } from 'react';
import type { ContentListItem } from '../api/content.ts';
import { NoticeLink } from './NoticeLink.tsx';

const TICK_MS = 4000;

/**
 * The notice strip's vertical scrolling: one notice at a time, the next sliding up from below every four seconds,
 * back to the first after the last. A timer and a CSS animation (content.css), no carousel library: antd-mobile's
 * Swiper brought its gesture and animation libraries into the home screen's start-up for a strip nobody swipes.
 */
export function NoticeTicker(props: { notices: ContentListItem[] }) {
  const { notices } = props;
  const [ticks, setTicks] = useState(0);
  const count = notices.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setTicks((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [count]);
  const shown = notices[ticks % count]!;
  return (
    <div className="ct-strip__swiper ct-ticker">
      {/* a new key per notice restarts the slide; the first one shown stays still */}
      <div key={shown.id} className={ticks === 0 ? 'ct-ticker__item' : 'ct-ticker__item ct-ticker__item--in'}>
        <NoticeLink notice={shown} />
      </div>
    </div>
  );
}
