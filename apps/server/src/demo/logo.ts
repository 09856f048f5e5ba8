import sharp from 'sharp';
import { LOGO_HEIGHT as HEIGHT, LOGO_WIDTH as WIDTH } from '@cc/config';

/** 5x7 capitals, one string of five 0/1 columns per row: no font is needed to draw the demo logos. */
const GLYPHS: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
};

const SCALE = 2;
const ADVANCE = 6 * SCALE;
const LINE = 7 * SCALE;
const GAP = 4;

/** The squares of one line of text, centred across the logo, its top at `top`. */
function lineRects(text: string, top: number): string[] {
  const width = text.length * ADVANCE - SCALE;
  const left = Math.round((WIDTH - width) / 2);
  const rects: string[] = [];
  [...text].forEach((char, index) => {
    const rows = GLYPHS[char] ?? [];
    rows.forEach((row, y) => {
      [...row].forEach((bit, x) => {
        if (bit !== '1') return;
        rects.push(
          `<rect x="${left + index * ADVANCE + x * SCALE}" y="${top + y * SCALE}" width="${SCALE}" height="${SCALE}"/>`,
        );
      });
    });
  });
  return rects;
}

/**
 * A 120x40 PNG logo: the store's name on two lines (at most 9 capitals each) in
 * `text` on a rounded `background`, drawn square by square so it looks the same
 * on every machine.
 */
export async function demoLogoPng(params: {
  lines: [string, string];
  background: string;
  text: string;
}): Promise<Buffer> {
  const top = Math.round((HEIGHT - (2 * LINE + GAP)) / 2);
  const rects = [
    ...lineRects(params.lines[0], top),
    ...lineRects(params.lines[1], top + LINE + GAP),
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" shape-rendering="crispEdges">
<rect width="${WIDTH}" height="${HEIGHT}" rx="6" fill="${params.background}"/>
<g fill="${params.text}">${rects.join('')}</g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
