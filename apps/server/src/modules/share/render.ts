import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { Locale } from '@tidemark/contract';
import type { Node } from './card.ts';
import { fontsFor } from './fonts.ts';

export const CARD_WIDTH = 1080;
export const CARD_HEIGHT = 1350;

/** The card as SVG (satori lays it out and draws the glyphs as paths), then as PNG (resvg). */
export async function renderSvg(root: Node, texts: string[], locale: Locale): Promise<string> {
  const fonts = fontsFor(locale, texts.join(''));
  return satori(root as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
}

export function rasterise(svg: string): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
}
