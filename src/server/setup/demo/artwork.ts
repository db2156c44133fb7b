/**
 * Product photos for the demo shop, drawn as SVG (nothing can be downloaded): flat-lay garment
 * silhouettes in the product's colour on a soft studio background, with shading, seams, ribbing
 * and prints so the catalogue looks real. 1200 x 1200, the largest rendition, drawn once.
 */

export type GarmentKind =
  | 'tee'
  | 'crop-top'
  | 'long-sleeve'
  | 'jersey'
  | 'hoodie'
  | 'zip-hoodie'
  | 'crewneck'
  | 'knit'
  | 'bomber'
  | 'track-jacket'
  | 'windbreaker'
  | 'pants'
  | 'joggers'
  | 'shorts'
  | 'jeans'
  | 'cap'
  | 'tote'
  | 'sling'
  | 'socks';

export type PrintKind = 'sun' | 'ankara' | 'stripes' | 'crest' | 'wordmark' | 'mystery' | 'none';
export type View = 'front' | 'back' | 'detail';

export type ArtworkSpec = {
  kind: GarmentKind;
  color: string;
  accent: string;
  print?: PrintKind;
  view: View;
};

export const COLOR_HEX: Record<string, string> = {
  Black: '#1f1f22',
  White: '#f4f3ef',
  Gray: '#8b8f94',
  Navy: '#1f2b47',
  Red: '#b02a22',
  Green: '#1f7a4a',
  Blue: '#3763a8',
  Yellow: '#e8b92e',
  Orange: '#df6f2a',
  Purple: '#5d3c86',
  Brown: '#6e4b30',
  Beige: '#d8c6a5',
  Khaki: '#b3a078',
};

const hex = (name: string) => COLOR_HEX[name] ?? name;

/** Mixes a hex colour towards black (amount < 0) or white (amount > 0). */
function shade(color: string, amount: number): string {
  const value = Number.parseInt(color.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const isLight = (color: string) => {
  const value = Number.parseInt(color.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
};

type Point = [number, number];
const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const pt = (p: Point) => `${p[0].toFixed(1)} ${p[1].toFixed(1)}`;
const poly = (points: Point[]) => `M ${points.map(pt).join(' L ')} Z`;

/** The shared look of a garment part: colour, outline, and the soft light from the upper left. */
function part(d: string, fill: string, extra = ''): string {
  const outline = isLight(fill) ? shade(fill, -0.28) : shade(fill, -0.35);
  return `<path d="${d}" fill="${fill}" stroke="${outline}" stroke-width="4" stroke-linejoin="round" ${extra}/>
<path d="${d}" fill="url(#light)"/>`;
}

const seam = (d: string, color: string, width = 3, dash = '10 8') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-dasharray="${dash}" stroke-linecap="round" opacity="0.7"/>`;

const fold = (d: string) =>
  `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.09" stroke-width="14" stroke-linecap="round"/>`;

function defs(color: string): string {
  return `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f3f0ea"/><stop offset="1" stop-color="#e3ded5"/>
  </linearGradient>
  <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="light" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#fff" stop-opacity="0.20"/>
    <stop offset="0.45" stop-color="#fff" stop-opacity="0"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.18"/>
  </linearGradient>
  <pattern id="rib" width="12" height="12" patternUnits="userSpaceOnUse">
    <rect width="6" height="12" fill="#000" fill-opacity="0.13"/>
  </pattern>
  <pattern id="knit" width="36" height="30" patternUnits="userSpaceOnUse">
    <path d="M 2 4 L 18 22 L 34 4" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="5"/>
    <path d="M 2 12 L 18 30" fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="3"/>
  </pattern>
  <pattern id="denim" width="12" height="12" patternUnits="userSpaceOnUse">
    <path d="M -3 15 L 15 -3 M -3 3 L 3 -3 M 9 15 L 15 9" stroke="#fff" stroke-opacity="0.08" stroke-width="3"/>
  </pattern>
  <pattern id="mesh" width="16" height="16" patternUnits="userSpaceOnUse">
    <rect x="5" y="5" width="6" height="6" fill="#000" fill-opacity="0.12"/>
  </pattern>
  <linearGradient id="foil" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#e9e9ee"/><stop offset="0.5" stop-color="#a9abb3"/><stop offset="1" stop-color="#dcdde3"/>
  </linearGradient>
  <linearGradient id="inside" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${shade(color, -0.55)}"/><stop offset="1" stop-color="${shade(color, -0.3)}"/>
  </linearGradient>
</defs>`;
}

// Tops ----------------------------------------------------------------------------------------

type TopOptions = {
  sleeve: 'short' | 'long';
  neck: 'crew' | 'v' | 'hood' | 'collar' | 'stand';
  hem: number;
  halfWidth: number;
  waistband?: boolean;
  cuffs?: boolean;
  zip?: boolean;
  pocket?: 'kangaroo' | 'welt' | 'none';
  texture?: 'knit' | 'mesh';
  sleeveStripe?: boolean;
};

const TOPS: Partial<Record<GarmentKind, TopOptions>> = {
  tee: { sleeve: 'short', neck: 'crew', hem: 1010, halfWidth: 210 },
  'crop-top': { sleeve: 'short', neck: 'crew', hem: 800, halfWidth: 190 },
  'long-sleeve': { sleeve: 'long', neck: 'crew', hem: 1010, halfWidth: 205, cuffs: true },
  jersey: { sleeve: 'short', neck: 'v', hem: 1010, halfWidth: 210, texture: 'mesh', sleeveStripe: true },
  hoodie: {
    sleeve: 'long',
    neck: 'hood',
    hem: 1040,
    halfWidth: 225,
    waistband: true,
    cuffs: true,
    pocket: 'kangaroo',
  },
  'zip-hoodie': {
    sleeve: 'long',
    neck: 'hood',
    hem: 1040,
    halfWidth: 225,
    waistband: true,
    cuffs: true,
    zip: true,
    pocket: 'welt',
  },
  crewneck: { sleeve: 'long', neck: 'crew', hem: 1030, halfWidth: 222, waistband: true, cuffs: true },
  knit: {
    sleeve: 'long',
    neck: 'crew',
    hem: 1030,
    halfWidth: 222,
    waistband: true,
    cuffs: true,
    texture: 'knit',
  },
  bomber: {
    sleeve: 'long',
    neck: 'collar',
    hem: 1000,
    halfWidth: 235,
    waistband: true,
    cuffs: true,
    zip: true,
    pocket: 'welt',
  },
  'track-jacket': {
    sleeve: 'long',
    neck: 'stand',
    hem: 1030,
    halfWidth: 220,
    zip: true,
    pocket: 'welt',
    sleeveStripe: true,
  },
  windbreaker: {
    sleeve: 'long',
    neck: 'hood',
    hem: 1040,
    halfWidth: 230,
    cuffs: true,
    zip: true,
    pocket: 'kangaroo',
    sleeveStripe: true,
  },
};

function top(o: TopOptions, color: string, accent: string, print: PrintKind, view: View): string {
  const cx = 600;
  const neckY = 250;
  const neckHalf = o.neck === 'hood' ? 95 : 80;
  const shoulder: Point = [cx - o.halfWidth - 30, 290];
  const armpit: Point = [cx - o.halfWidth, o.sleeve === 'short' ? 455 : 485];
  const hemL: Point = [cx - o.halfWidth + 4, o.hem];
  const [outerEnd, innerEnd]: [Point, Point] =
    o.sleeve === 'short'
      ? [
          [cx - o.halfWidth - 190, 480],
          [cx - o.halfWidth - 95, 555],
        ]
      : [
          [cx - o.halfWidth - 225, 905],
          [cx - o.halfWidth - 120, 935],
        ];
  const mirror = (p: Point): Point => [2 * cx - p[0], p[1]];
  const back = view === 'back';
  const neckDepth = back ? 272 : o.neck === 'v' ? 400 : 335;

  const left = [shoulder, outerEnd, innerEnd, armpit, hemL];
  const right = [...left].reverse().map(mirror);
  const outline =
    `M ${cx - neckHalf} ${neckY} L ${left.map(pt).join(' L ')} ` +
    `L ${right.map(pt).join(' L ')} L ${cx + neckHalf} ${neckY} ` +
    (o.neck === 'v' && !back
      ? `L ${cx} ${neckDepth} Z`
      : `Q ${cx} ${neckDepth + (neckDepth - neckY) * 0.6} ${cx - neckHalf} ${neckY} Z`);

  const dark = shade(color, isLight(color) ? -0.12 : -0.25);
  const stitch = isLight(color) ? shade(color, -0.35) : shade(color, 0.25);
  const out: string[] = [];

  // Hood behind the shoulders (front view) or lying flat on the back.
  if (o.neck === 'hood' && !back) {
    out.push(part(`M ${cx - 185} 330 C ${cx - 225} 60 ${cx + 225} 60 ${cx + 185} 330 Z`, color));
  }

  out.push(part(outline, color));
  if (o.texture) out.push(`<path d="${outline}" fill="url(#${o.texture})"/>`);

  // Sleeve seams, folds and sleeve stripes.
  for (const side of [(p: Point) => p, mirror]) {
    const s = side(shoulder);
    const a = side(armpit);
    out.push(seam(`M ${pt(lerp(s, side([cx - neckHalf, neckY]), 0.05))} L ${pt(a)}`, stitch, 3, '2 0'));
    if (o.sleeveStripe) {
      const o1 = side(lerp(shoulder, outerEnd, 0.12));
      const o2 = side(outerEnd);
      const i1 = side(lerp(shoulder, outerEnd, 0.12));
      out.push(
        `<path d="M ${pt(o1)} L ${pt(o2)}" stroke="${accent}" stroke-width="22" stroke-linecap="butt"/>`,
        `<path d="M ${pt([i1[0] + (side === mirror ? -26 : 26), i1[1] + 8])} L ${pt([o2[0] + (side === mirror ? -26 : 26), o2[1] + 10])}" stroke="#fff" stroke-opacity="0.85" stroke-width="8"/>`,
      );
    }
    if (o.cuffs || o.sleeve === 'short') {
      const t = o.sleeve === 'short' ? 0.8 : 0.88;
      const cuff = [
        side(lerp(shoulder, outerEnd, t)),
        side(outerEnd),
        side(innerEnd),
        side(lerp(armpit, innerEnd, t)),
      ];
      if (o.cuffs) {
        out.push(
          part(poly(cuff), o.neck === 'v' ? accent : dark),
          `<path d="${poly(cuff)}" fill="url(#rib)"/>`,
        );
      } else {
        const [c0, , , c3] = cuff as [Point, Point, Point, Point];
        out.push(seam(`M ${pt(c0)} L ${pt(c3)}`, o.sleeveStripe ? accent : stitch));
      }
    }
    if (o.sleeve === 'long') {
      out.push(
        fold(
          `M ${pt(lerp(shoulder, outerEnd, 0.45).map((v, i) => (i === 0 ? v + 45 : v)) as Point)} q 20 40 5 90`,
        ),
      );
    }
  }

  // Hem: ribbed waistband or a stitched hem.
  if (o.waistband) {
    const band = poly([
      [hemL[0], o.hem - 70],
      [2 * cx - hemL[0], o.hem - 70],
      [2 * cx - hemL[0], o.hem],
      [hemL[0], o.hem],
    ]);
    out.push(part(band, dark), `<path d="${band}" fill="url(#rib)"/>`);
  } else {
    out.push(seam(`M ${hemL[0] + 8} ${o.hem - 26} L ${2 * cx - hemL[0] - 8} ${o.hem - 26}`, stitch));
  }

  // Body folds.
  out.push(
    fold(`M ${cx - 110} ${o.hem - 40} q 25 -120 -10 -240`),
    fold(`M ${cx + 130} ${o.hem - 60} q -30 -90 5 -190`),
  );

  // Neck.
  if (back) {
    if (o.neck === 'hood') {
      out.push(part(`M ${cx - 170} 265 C ${cx - 215} 560 ${cx + 215} 560 ${cx + 170} 265 Z`, color));
      out.push(seam(`M ${cx} 270 L ${cx} 505`, stitch));
    } else {
      out.push(
        `<path d="M ${cx - neckHalf} ${neckY} Q ${cx} ${neckDepth + 12} ${cx + neckHalf} ${neckY}" fill="none" stroke="${o.neck === 'v' ? accent : dark}" stroke-width="20"/>`,
      );
      // Woven neck label.
      out.push(`<rect x="${cx - 32}" y="${neckY + 24}" width="64" height="34" rx="4" fill="${accent}"/>`);
    }
  } else if (o.neck === 'hood') {
    out.push(
      `<path d="M ${cx - neckHalf} ${neckY + 30} C ${cx - 130} 110 ${cx + 130} 110 ${cx + neckHalf} ${neckY + 30} Q ${cx} 420 ${cx - neckHalf} ${neckY + 30} Z" fill="url(#inside)"/>`,
      seam(
        `M ${cx - neckHalf - 20} ${neckY + 40} C ${cx - 150} 95 ${cx + 150} 95 ${cx + neckHalf + 20} ${neckY + 40}`,
        stitch,
      ),
    );
    if (!o.zip) {
      for (const dx of [-38, 38]) {
        out.push(
          `<path d="M ${cx + dx} 372 q ${dx * 0.3} 100 ${dx * 0.1} 190" fill="none" stroke="${isLight(color) ? '#2b2b2b' : '#f2f2f2'}" stroke-width="9" stroke-linecap="round"/>`,
          `<rect x="${cx + dx * 1.1 - 7}" y="555" width="14" height="34" rx="3" fill="#c9c9c9"/>`,
        );
      }
    }
  } else if (o.neck === 'collar' || o.neck === 'stand') {
    const collar = `M ${cx - neckHalf - 25} ${neckY - 10} Q ${cx} ${neckY + 40} ${cx + neckHalf + 25} ${neckY - 10} L ${cx + neckHalf + 5} ${neckY + 60} Q ${cx} ${neckY + 120} ${cx - neckHalf - 5} ${neckY + 60} Z`;
    out.push(part(collar, o.neck === 'collar' ? dark : color));
    if (o.neck === 'collar') out.push(`<path d="${collar}" fill="url(#rib)"/>`);
  } else {
    out.push(
      `<path d="M ${cx - neckHalf} ${neckY} Q ${cx} ${neckY + 45} ${cx + neckHalf} ${neckY} Q ${cx} ${neckDepth + 20} ${cx - neckHalf} ${neckY} Z" fill="url(#inside)"/>`,
      o.neck === 'v'
        ? `<path d="M ${cx - neckHalf} ${neckY} L ${cx} ${neckDepth} L ${cx + neckHalf} ${neckY}" fill="none" stroke="${accent}" stroke-width="22" stroke-linejoin="round"/>`
        : `<path d="M ${cx - neckHalf} ${neckY} Q ${cx} ${neckDepth + (neckDepth - neckY) * 0.6} ${cx + neckHalf} ${neckY}" fill="none" stroke="${dark}" stroke-width="22"/>`,
    );
  }

  // Zip and pockets (front only).
  if (!back) {
    const zipTop = o.neck === 'hood' ? 372 : neckY + 85;
    const zipBottom = o.waistband ? o.hem - 4 : o.hem - 2;
    if (o.zip) {
      out.push(
        `<path d="M ${cx} ${zipTop} L ${cx} ${zipBottom}" stroke="${shade(color, -0.45)}" stroke-width="14"/>`,
        `<path d="M ${cx} ${zipTop} L ${cx} ${zipBottom}" stroke="#c8c8c8" stroke-width="8" stroke-dasharray="4 4"/>`,
        `<rect x="${cx - 9}" y="${zipTop + 8}" width="18" height="46" rx="5" fill="#d6d6d6" stroke="#8a8a8a" stroke-width="2"/>`,
      );
    }
    if (o.pocket === 'kangaroo') {
      const y = o.hem - (o.waistband ? 320 : 300);
      const pocket = `M ${cx - 170} ${y + 60} L ${cx - 120} ${y} L ${cx + 120} ${y} L ${cx + 170} ${y + 60} L ${cx + 185} ${y + 225} L ${cx - 185} ${y + 225} Z`;
      out.push(
        `<path d="${pocket}" fill="${color}" stroke="${shade(color, -0.3)}" stroke-width="3"/>`,
        `<path d="${pocket}" fill="url(#light)" opacity="0.6"/>`,
        seam(`M ${cx - 160} ${y + 70} L ${cx - 112} ${y + 12}`, stitch),
        seam(`M ${cx + 160} ${y + 70} L ${cx + 112} ${y + 12}`, stitch),
      );
      if (o.zip)
        out.push(
          `<path d="M ${cx} ${y} L ${cx} ${y + 225}" stroke="${shade(color, -0.45)}" stroke-width="14"/>`,
        );
    } else if (o.pocket === 'welt') {
      const y = o.hem - (o.waistband ? 260 : 230);
      for (const sign of [-1, 1]) {
        out.push(
          `<path d="M ${cx + sign * 95} ${y} L ${cx + sign * 165} ${y + 120}" stroke="${shade(color, -0.4)}" stroke-width="16" stroke-linecap="round"/>`,
        );
      }
    }
    out.push(printGraphic(print, o, color, accent));
  } else if (print === 'wordmark' || print === 'sun' || print === 'crest') {
    out.push(backGraphic(o, color, accent));
  }
  return out.join('\n');
}

function inkOn(color: string, accent: string) {
  return isLight(color) ? (isLight(accent) ? '#1f1f22' : accent) : isLight(accent) ? accent : '#f4f3ef';
}

function printGraphic(print: PrintKind, o: TopOptions, color: string, accent: string): string {
  const cx = o.zip ? 700 : 600;
  const cy = o.zip ? 470 : o.neck === 'hood' ? 520 : 500;
  const ink = inkOn(color, accent);
  switch (print) {
    case 'sun': {
      const rays = Array.from({ length: 16 }, (_, i) => {
        const a = (i * Math.PI) / 8;
        return `M ${pt([cx + Math.cos(a) * 82, cy + Math.sin(a) * 82])} L ${pt([cx + Math.cos(a) * 122, cy + Math.sin(a) * 122])}`;
      }).join(' ');
      return `<g opacity="0.95"><path d="${rays}" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>
<circle cx="${cx}" cy="${cy}" r="66" fill="${accent}"/>
<path d="M ${cx - 150} ${cy + 150} L ${cx + 150} ${cy + 150}" stroke="${ink}" stroke-width="14"/>
<path d="M ${cx - 110} ${cy + 180} L ${cx + 110} ${cy + 180}" stroke="${ink}" stroke-width="8"/></g>`;
    }
    case 'ankara': {
      const cells = Array.from({ length: 7 }, (_, i) => {
        const x = cx - 210 + i * 60;
        const fill = i % 2 ? accent : ink;
        return `<path d="M ${x} ${cy} L ${x + 30} ${cy - 40} L ${x + 60} ${cy} L ${x + 30} ${cy + 40} Z" fill="${fill}"/><circle cx="${x + 30}" cy="${cy}" r="9" fill="${color}"/>`;
      }).join('');
      return `<g>${cells}<path d="M ${cx - 210} ${cy - 58} L ${cx + 210} ${cy - 58} M ${cx - 210} ${cy + 58} L ${cx + 210} ${cy + 58}" stroke="${accent}" stroke-width="8"/></g>`;
    }
    case 'stripes':
      return `<g><rect x="${o.zip ? 380 : 390}" y="${cy - 60}" width="${o.zip ? 440 : 420}" height="34" fill="${accent}"/>
<rect x="${o.zip ? 380 : 390}" y="${cy - 10}" width="${o.zip ? 440 : 420}" height="34" fill="${ink}"/></g>`;
    case 'crest':
      return `<g transform="translate(${o.neck === 'v' ? 700 : cx + 100} ${cy - 60})">
<path d="M -45 -50 L 45 -50 L 45 10 Q 45 50 0 70 Q -45 50 -45 10 Z" fill="${accent}" stroke="${ink}" stroke-width="6"/>
<path d="M -22 -25 L 22 -25 M -22 0 L 22 0 M -12 25 L 12 25" stroke="${ink}" stroke-width="8"/></g>`;
    case 'wordmark':
      return `<g><text x="${cx}" y="${cy + 10}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="78" letter-spacing="6" fill="${ink}">NAIJA</text>
<text x="${cx}" y="${cy + 78}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="40" letter-spacing="14" fill="${accent}">STREET</text></g>`;
    case 'mystery':
      return `<g><rect x="${cx - 170}" y="${cy - 150}" width="340" height="300" rx="26" fill="url(#foil)" stroke="${accent}" stroke-width="8"/>
<path d="M ${cx - 140} ${cy - 60} q 60 -50 120 0 t 120 0" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="10"/>
<text x="${cx}" y="${cy + 80}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="200" fill="${accent}">?</text>
<path d="M ${cx + 40} ${cy + 40} l 90 60" stroke="#fff" stroke-opacity="0.7" stroke-width="24" stroke-linecap="round"/></g>`;
    default:
      return '';
  }
}

function backGraphic(o: TopOptions, color: string, accent: string): string {
  const ink = inkOn(color, accent);
  const y = o.neck === 'hood' ? 640 : 520;
  if (o.neck === 'v') {
    return `<text x="600" y="${y + 170}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="280" fill="${ink}" stroke="${accent}" stroke-width="8">10</text>`;
  }
  return `<g><circle cx="600" cy="${y + 60}" r="130" fill="none" stroke="${accent}" stroke-width="14"/>
<path d="M 520 ${y + 100} L 600 ${y - 10} L 680 ${y + 100} Z" fill="${ink}"/>
<path d="M 470 ${y + 230} L 730 ${y + 230}" stroke="${ink}" stroke-width="12"/></g>`;
}

// Bottoms -------------------------------------------------------------------------------------

function bottoms(kind: 'pants' | 'joggers' | 'shorts' | 'jeans', color: string, accent: string, view: View) {
  const cx = 600;
  const waist = 190;
  const hem = kind === 'shorts' ? 690 : 1080;
  const outerTop = 400;
  const tapered = kind === 'joggers';
  const legOuter = kind === 'shorts' ? 375 : tapered ? 420 : 395;
  const legInner = kind === 'shorts' ? 590 : tapered ? 560 : 580;
  const crotch = kind === 'shorts' ? 500 : 520;
  const outline =
    `M ${cx - 200} ${waist} L ${cx + 200} ${waist} Q ${cx + 222} ${outerTop - 80} ${cx + 225} ${outerTop} ` +
    `L ${2 * cx - legOuter} ${hem} L ${2 * cx - legInner} ${hem} L ${cx + 4} ${crotch} Q ${cx} ${crotch - 12} ${cx - 4} ${crotch} ` +
    `L ${legInner} ${hem} L ${legOuter} ${hem} L ${cx - 225} ${outerTop} Q ${cx - 222} ${outerTop - 80} ${cx - 200} ${waist} Z`;
  const stitch = kind === 'jeans' ? '#d4913c' : isLight(color) ? shade(color, -0.35) : shade(color, 0.25);
  const dark = shade(color, isLight(color) ? -0.12 : -0.25);
  const out = [part(outline, color)];
  if (kind === 'jeans') out.push(`<path d="${outline}" fill="url(#denim)"/>`);

  const band = poly([
    [cx - 203, waist],
    [cx + 203, waist],
    [cx + 207, waist + 62],
    [cx - 207, waist + 62],
  ]);
  out.push(part(band, kind === 'jeans' ? color : dark));
  if (kind === 'joggers' || kind === 'shorts') out.push(`<path d="${band}" fill="url(#rib)"/>`);
  if (kind === 'jeans' || kind === 'pants') {
    for (const x of [cx - 150, cx - 60, cx + 60, cx + 150])
      out.push(
        `<rect x="${x - 9}" y="${waist - 6}" width="18" height="76" rx="3" fill="${color}" stroke="${stitch}" stroke-width="3"/>`,
      );
  }
  if (tapered) {
    for (const [a, b] of [
      [legOuter, legInner],
      [2 * cx - legInner, 2 * cx - legOuter],
    ] as const) {
      const cuff = poly([
        [a + 4, hem - 80],
        [b - 2, hem - 80],
        [b, hem],
        [a, hem],
      ]);
      out.push(part(cuff, dark), `<path d="${cuff}" fill="url(#rib)"/>`);
    }
  } else {
    out.push(
      seam(`M ${legOuter + 6} ${hem - 30} L ${legInner - 6} ${hem - 30}`, stitch),
      seam(`M ${2 * cx - legInner + 6} ${hem - 30} L ${2 * cx - legOuter - 6} ${hem - 30}`, stitch),
    );
  }
  // Creases down each leg.
  out.push(
    fold(`M ${cx - 130} ${outerTop + 40} q -20 ${(hem - outerTop) / 2} -30 ${hem - outerTop - 120}`),
    fold(`M ${cx + 130} ${outerTop + 40} q 20 ${(hem - outerTop) / 2} 30 ${hem - outerTop - 120}`),
  );

  if (view !== 'back') {
    if (kind === 'joggers' || kind === 'shorts') {
      for (const dx of [-22, 22]) {
        out.push(
          `<path d="M ${cx + dx} ${waist + 40} q ${dx * 0.8} 90 ${dx * 0.3} 170" fill="none" stroke="${isLight(color) ? '#2b2b2b' : '#f2f2f2'}" stroke-width="9" stroke-linecap="round"/>`,
        );
      }
    } else {
      out.push(
        seam(
          `M ${cx - 6} ${waist + 62} L ${cx - 6} ${waist + 230} Q ${cx + 10} ${waist + 270} ${cx + 60} ${waist + 200} L ${cx + 60} ${waist + 70}`,
          stitch,
          4,
        ),
      );
    }
    out.push(
      seam(`M ${cx - 195} ${waist + 80} Q ${cx - 120} ${waist + 110} ${cx - 105} ${waist + 62}`, stitch, 4),
      seam(`M ${cx + 195} ${waist + 80} Q ${cx + 120} ${waist + 110} ${cx + 105} ${waist + 62}`, stitch, 4),
    );
    if (kind === 'pants') {
      // Cargo pockets.
      for (const x of [cx - 215, cx + 215 - 120]) {
        out.push(
          `<rect x="${x}" y="${waist + 330}" width="120" height="150" rx="8" fill="${color}" stroke="${shade(color, -0.3)}" stroke-width="4"/>`,
          `<rect x="${x - 4}" y="${waist + 318}" width="128" height="40" rx="6" fill="${dark}"/>`,
        );
      }
    }
  } else {
    out.push(seam(`M ${cx} ${waist + 62} L ${cx} ${crotch - 10}`, stitch, 4, '2 0'));
    for (const x of [cx - 170, cx + 40]) {
      out.push(
        `<path d="M ${x} ${waist + 120} L ${x + 130} ${waist + 120} L ${x + 125} ${waist + 250} L ${x + 65} ${waist + 280} L ${x + 5} ${waist + 250} Z" fill="${color}" stroke="${stitch}" stroke-width="4" stroke-dasharray="10 7"/>`,
      );
    }
    out.push(`<rect x="${cx + 60}" y="${waist + 14}" width="90" height="34" rx="4" fill="${accent}"/>`);
  }
  return out.join('\n');
}

// Accessories ---------------------------------------------------------------------------------

function cap(color: string, accent: string, view: View): string {
  const stitch = isLight(color) ? shade(color, -0.35) : shade(color, 0.25);
  const out = [
    `<ellipse cx="600" cy="690" rx="330" ry="60" fill="${shade(color, -0.3)}"/>`,
    part('M 330 680 C 320 330 880 330 870 680 Q 600 720 330 680 Z', color),
    seam('M 600 370 C 520 420 480 560 470 690', stitch, 4, '2 0'),
    seam('M 600 370 C 680 420 720 560 730 690', stitch, 4, '2 0'),
    `<circle cx="600" cy="368" r="20" fill="${shade(color, -0.2)}" stroke="${shade(color, -0.4)}" stroke-width="3"/>`,
  ];
  for (const x of [430, 770]) out.push(`<circle cx="${x}" cy="${460}" r="9" fill="${shade(color, -0.45)}"/>`);
  if (view === 'back') {
    out.push(
      `<path d="M 520 690 Q 520 580 600 580 Q 680 580 680 690 Z" fill="url(#inside)"/>`,
      `<rect x="500" y="650" width="200" height="34" rx="10" fill="${shade(color, -0.15)}" stroke="${shade(color, -0.4)}" stroke-width="3"/>`,
      `<rect x="640" y="646" width="34" height="42" rx="5" fill="#c9c9c9"/>`,
    );
  } else {
    // Brim towards the viewer, and the front patch.
    out.push(
      part(
        'M 318 680 C 420 640 780 640 882 680 C 910 760 860 860 820 870 C 700 820 500 820 380 870 C 340 860 290 760 318 680 Z',
        color,
      ),
      seam('M 350 700 C 450 670 750 670 850 700', stitch),
      seam('M 345 740 C 450 710 750 710 855 740', stitch),
      `<g transform="translate(600 540)"><circle r="80" fill="${accent}" stroke="${inkOn(color, accent)}" stroke-width="6"/>
<path d="M -40 30 L -40 -30 L 0 20 L 0 -30 M 18 -22 Q 45 -34 45 -12 Q 45 4 22 4 Q 0 6 4 24 Q 10 38 44 26" fill="none" stroke="${inkOn(accent, color)}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    );
  }
  return out.join('\n');
}

function tote(color: string, accent: string, view: View): string {
  const stitch = isLight(color) ? shade(color, -0.35) : shade(color, 0.25);
  const out = [
    `<path d="M 470 470 C 470 200 730 200 730 470" fill="none" stroke="${shade(color, -0.2)}" stroke-width="34" stroke-linecap="round"/>`,
    `<path d="M 470 470 C 470 200 730 200 730 470" fill="none" stroke="url(#light)" stroke-width="34"/>`,
    part('M 360 450 L 840 450 L 870 1020 Q 600 1045 330 1020 Z', color),
    seam('M 370 490 L 830 490', stitch),
    seam('M 342 985 Q 600 1008 858 985', stitch),
  ];
  for (const x of [470, 730])
    out.push(`<rect x="${x - 24}" y="440" width="48" height="90" rx="6" fill="${shade(color, -0.15)}"/>`);
  if (view !== 'back') {
    out.push(
      `<rect x="460" y="620" width="280" height="240" rx="10" fill="${shade(color, -0.06)}" stroke="${stitch}" stroke-width="4" stroke-dasharray="10 7"/>`,
      printGraphic('sun', { sleeve: 'short', neck: 'crew', hem: 0, halfWidth: 0 }, color, accent).replace(
        /<g opacity="0.95">/,
        '<g opacity="0.95" transform="translate(0 240) scale(1 0.9)">',
      ),
    );
  }
  return out.join('\n');
}

function sling(color: string, accent: string, view: View): string {
  const stitch = isLight(color) ? shade(color, -0.35) : shade(color, 0.25);
  const out = [
    `<path d="M 300 620 C 250 220 950 220 900 620" fill="none" stroke="${accent}" stroke-width="40"/>`,
    `<path d="M 300 620 C 250 220 950 220 900 620" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="40" stroke-dasharray="6 10"/>`,
    part(
      'M 270 600 Q 270 520 360 520 L 840 520 Q 930 520 930 600 L 930 800 Q 930 880 840 880 L 360 880 Q 270 880 270 800 Z',
      color,
    ),
  ];
  if (view !== 'back') {
    out.push(
      `<path d="M 300 620 Q 600 575 900 620" fill="none" stroke="${shade(color, -0.45)}" stroke-width="14"/>`,
      `<path d="M 300 620 Q 600 575 900 620" fill="none" stroke="#c8c8c8" stroke-width="7" stroke-dasharray="4 4"/>`,
      `<rect x="820" y="590" width="22" height="70" rx="6" fill="#d6d6d6" stroke="#888" stroke-width="2"/>`,
      `<rect x="380" y="680" width="440" height="150" rx="22" fill="${shade(color, -0.08)}" stroke="${stitch}" stroke-width="4" stroke-dasharray="10 7"/>`,
      `<rect x="540" y="720" width="120" height="70" rx="8" fill="${accent}"/>`,
    );
  } else {
    out.push(seam('M 300 700 L 900 700', stitch), seam('M 300 780 L 900 780', stitch));
  }
  out.push(
    `<rect x="230" y="590" width="60" height="50" rx="8" fill="#2b2b2b"/>`,
    `<rect x="910" y="590" width="60" height="50" rx="8" fill="#2b2b2b"/>`,
  );
  return out.join('\n');
}

function socks(color: string, accent: string, view: View): string {
  const sock = (x: number, y: number) => {
    const d = `M ${x} ${y} L ${x + 160} ${y} L ${x + 160} ${y + 500} C ${x + 160} ${y + 560} ${x + 190} ${y + 585} ${x + 240} ${y + 600} L ${x + 350} ${y + 630} C ${x + 420} ${y + 650} ${x + 410} ${y + 770} ${x + 330} ${y + 770} L ${x + 70} ${y + 770} C ${x - 20} ${y + 770} ${x - 20} ${y + 690} ${x} ${y + 640} Z`;
    const cuff = `M ${x} ${y} L ${x + 160} ${y} L ${x + 160} ${y + 120} L ${x} ${y + 120} Z`;
    return [
      part(d, color),
      `<path d="${cuff}" fill="url(#rib)"/>`,
      `<rect x="${x}" y="${y + 60}" width="160" height="16" fill="${accent}"/>`,
      `<rect x="${x}" y="${y + 88}" width="160" height="10" fill="${inkOn(color, accent)}"/>`,
      `<path d="M ${x + 300} ${y + 625} C ${x + 400} ${y + 650} ${x + 410} ${y + 770} ${x + 330} ${y + 770} L ${x + 280} ${y + 770} C ${x + 330} ${y + 720} ${x + 320} ${y + 660} ${x + 300} ${y + 625} Z" fill="${shade(color, -0.18)}"/>`,
      `<path d="M ${x} ${y + 640} C ${x - 20} ${y + 690} ${x - 20} ${y + 770} ${x + 70} ${y + 770} L ${x + 90} ${y + 770} C ${x + 40} ${y + 740} ${x + 30} ${y + 680} ${x} ${y + 640} Z" fill="${shade(color, -0.18)}"/>`,
      view === 'back' ? '' : `<circle cx="${x + 80}" cy="${y + 260}" r="34" fill="${accent}"/>`,
    ].join('\n');
  };
  return `${sock(260, 170)}\n${sock(500, 230)}`;
}

// The whole picture ---------------------------------------------------------------------------

/** The outlines of the garment's parts (see part()), for a cheap soft drop shadow. */
function silhouette(body: string): string {
  return [...body.matchAll(/<path d="([^"]+)" fill="#[0-9a-f]{6}" stroke="#[0-9a-f]{6}" stroke-width="4"/g)]
    .map((match) => match[1])
    .join(' ');
}

export function garmentSvg(spec: ArtworkSpec): string {
  const color = hex(spec.color);
  const accent = hex(spec.accent);
  const print = spec.print ?? 'none';
  const drawView: View = spec.view === 'detail' ? 'front' : spec.view;
  const topOptions = TOPS[spec.kind];
  let body: string;
  if (topOptions) body = top(topOptions, color, accent, print, drawView);
  else if (
    spec.kind === 'pants' ||
    spec.kind === 'joggers' ||
    spec.kind === 'shorts' ||
    spec.kind === 'jeans'
  )
    body = bottoms(spec.kind, color, accent, drawView);
  else if (spec.kind === 'cap') body = cap(color, accent, drawView);
  else if (spec.kind === 'tote') body = tote(color, accent, drawView);
  else if (spec.kind === 'sling') body = sling(color, accent, drawView);
  else body = socks(color, accent, drawView);

  // A close-up of the chest (or the middle of an accessory), like a detail shot.
  const viewBox = spec.view === 'detail' ? '250 230 700 700' : '0 0 1200 1200';
  const floorY = spec.kind === 'cap' ? 880 : spec.kind === 'shorts' ? 720 : 1090;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="${viewBox}">
${defs(color)}
<rect x="0" y="0" width="1200" height="1200" fill="url(#bg)"/>
<ellipse cx="600" cy="${floorY}" rx="420" ry="46" fill="url(#floor)"/>
<path transform="translate(14 18)" opacity="0.10" d="${silhouette(body)}"/>
${body}
</svg>`;
}

/** The brand mark: an 'NS' monogram in a green disc with the wordmark beside it. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120" role="img" aria-label="Naija Street">
<title>Naija Street</title>
<circle cx="60" cy="60" r="54" fill="#008751"/>
<circle cx="60" cy="60" r="44" fill="none" stroke="#ffffff" stroke-width="4"/>
<path d="M 36 80 L 36 40 L 60 74 L 60 40" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M 86 44 Q 70 36 68 48 Q 66 58 78 60 Q 90 62 86 74 Q 82 84 66 76" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round"/>
<text x="134" y="58" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="40" font-weight="800" letter-spacing="4" fill="#111111">NAIJA</text>
<text x="136" y="96" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="28" font-weight="600" letter-spacing="12" fill="#008751">STREET</text>
</svg>`;
}
