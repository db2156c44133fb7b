import type { Gender } from '#shared/constants';
import type { GarmentKind, PrintKind, View } from './artwork';

/** The demo shop's catalogue: Naija Street, a Lagos streetwear label. Prices in kobo. */
export type DemoProduct = {
  name: string;
  description: string;
  priceKobo: number;
  gender: Gender;
  /** Top-level category slug, and the subcategory slug when there is one. */
  category: string;
  subcategory?: string;
  sizes: readonly string[];
  colors: readonly string[];
  art: { kind: GarmentKind; accent: string; print?: PrintKind; views: readonly View[] };
  featured?: boolean;
  /** Created within the last 3 days (a New Arrival). */
  isNew?: boolean;
  mystery?: boolean;
  inactive?: boolean;
  /** 'all': every variant at 0; a number: that many variants at 0. */
  soldOut?: 'all' | number;
  /** A sale running since the day before the seed: its price, and its days left (none: no end). */
  sale?: { priceKobo: number; endsInDays?: number };
};

/** Categories the storefront routes need that the admin tree (CATEGORY_TREE) does not have. */
export const EXTRA_CATEGORIES = [
  { name: 'Tops', slug: 'tops' },
  { name: 'Knitwear', slug: 'knitwear' },
  { name: 'Denim', slug: 'denim' },
] as const;

const MEN = ['S', 'M', 'L', 'XL', 'XXL'] as const;
const WOMEN = ['XS', 'S', 'M', 'L', 'XL'] as const;
const ONE = ['One Size'] as const;
const FRONT_BACK = ['front', 'back'] as const;
const THREE = ['front', 'back', 'detail'] as const;

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    name: 'Eko Oni Baje Graphic Tee',
    description:
      'Heavyweight 240 gsm cotton tee with a puff-printed Lagos sunrise on the chest. Boxy fit, dropped shoulders, made to hold its shape through Lagos heat and a hundred washes.',
    priceKobo: 1_500_000,
    gender: 'men',
    category: 'tshirts',
    subcategory: 'graphic-tees',
    sizes: MEN,
    colors: ['Black', 'White'],
    art: { kind: 'tee', accent: 'Green', print: 'sun', views: THREE },
    featured: true,
  },
  {
    name: 'Yaba Essential Tee',
    description:
      'The everyday tee: soft combed cotton, ribbed crew neck and a clean regular fit. Buy one in every colour; you will wear them all.',
    priceKobo: 950_000,
    gender: 'men',
    category: 'tshirts',
    subcategory: 'basic-tees',
    sizes: MEN,
    colors: ['White', 'Black', 'Gray'],
    art: { kind: 'tee', accent: 'Green', views: ['front'] },
    soldOut: 2,
  },
  {
    name: 'Third Mainland Long Sleeve',
    description:
      'Long-sleeve jersey tee with ribbed cuffs and a chest stripe inspired by the bridge lights at night. Midweight cotton for air-conditioned offices and harmattan mornings.',
    priceKobo: 1_400_000,
    gender: 'men',
    category: 'tshirts',
    subcategory: 'long-sleeve',
    sizes: MEN,
    colors: ['Navy', 'Black'],
    art: { kind: 'long-sleeve', accent: 'White', print: 'stripes', views: FRONT_BACK },
  },
  {
    name: 'Danfo Yellow Graphic Tee',
    description:
      'A tribute to the yellow buses that run this city. Oversized fit, screen-printed NAIJA STREET wordmark, pre-shrunk cotton.',
    priceKobo: 1_650_000,
    gender: 'men',
    category: 'tshirts',
    subcategory: 'graphic-tees',
    sizes: MEN,
    colors: ['Yellow', 'Black'],
    art: { kind: 'tee', accent: 'Black', print: 'wordmark', views: FRONT_BACK },
    isNew: true,
  },
  {
    name: 'Super Eagles Street Jersey',
    description:
      'Breathable mesh football jersey in green and white with a V-neck, contrast sleeve tape and the number 10 on the back. Match day or any day.',
    priceKobo: 2_800_000,
    gender: 'men',
    category: 'tops',
    sizes: MEN,
    colors: ['Green', 'White'],
    art: { kind: 'jersey', accent: 'White', print: 'crest', views: THREE },
    featured: true,
    soldOut: 1,
  },
  {
    name: 'Surulere Home Jersey',
    description:
      'Lightweight mesh jersey in stadium red with gold trims, cut for the pitch and the street. Quick-drying and easy to layer.',
    priceKobo: 2_600_000,
    gender: 'men',
    category: 'tops',
    sizes: MEN,
    colors: ['Red'],
    art: { kind: 'jersey', accent: 'Yellow', print: 'crest', views: FRONT_BACK },
  },
  {
    name: 'Lekki Heavyweight Hoodie',
    description:
      'Brushed-back 400 gsm fleece hoodie with a double-layer hood, kangaroo pocket and ribbed cuffs. Roomy, warm and built to last for years.',
    priceKobo: 3_800_000,
    gender: 'men',
    category: 'sweatshirts',
    subcategory: 'hoodies',
    sizes: MEN,
    colors: ['Black', 'Gray', 'Green'],
    art: { kind: 'hoodie', accent: 'White', views: THREE },
    featured: true,
    soldOut: 3,
  },
  {
    name: 'Agege Crewneck Sweatshirt',
    description:
      'Classic crewneck in loopback cotton with an Ankara-pattern chest band. Relaxed fit, ribbed hem and cuffs.',
    priceKobo: 3_200_000,
    gender: 'men',
    category: 'sweatshirts',
    subcategory: 'crewnecks',
    sizes: MEN,
    colors: ['Navy', 'Beige'],
    art: { kind: 'crewneck', accent: 'Orange', print: 'ankara', views: FRONT_BACK },
    sale: { priceKobo: 2_400_000 },
  },
  {
    name: 'Ikeja Zip-up Hoodie',
    description:
      'Full-zip hoodie with a metal zipper, welt pockets and a lined hood. The layer you grab on the way out, every time.',
    priceKobo: 4_200_000,
    gender: 'men',
    category: 'sweatshirts',
    subcategory: 'zip-ups',
    sizes: MEN,
    colors: ['Gray', 'Black'],
    art: { kind: 'zip-hoodie', accent: 'Green', views: FRONT_BACK },
    isNew: true,
  },
  {
    name: 'Balogun Track Jacket',
    description:
      'Retro tricot track jacket with a stand collar, contrast sleeve stripes and zip pockets. Named for the busiest market in West Africa.',
    priceKobo: 4_500_000,
    gender: 'men',
    category: 'jackets',
    subcategory: 'track-jackets',
    sizes: MEN,
    colors: ['Green', 'Black'],
    art: { kind: 'track-jacket', accent: 'White', views: FRONT_BACK },
  },
  {
    name: 'Victoria Island Bomber',
    description:
      'Satin-finish bomber with a ribbed collar, cuffs and hem, and a quilted lining. Clean enough for VI nights, tough enough for Oshodi mornings.',
    priceKobo: 6_500_000,
    gender: 'men',
    category: 'jackets',
    subcategory: 'bombers',
    sizes: MEN,
    colors: ['Black', 'Brown'],
    art: { kind: 'bomber', accent: 'Orange', views: FRONT_BACK },
    featured: true,
  },
  {
    name: 'Harmattan Windbreaker',
    description:
      'Packable ripstop windbreaker with a hood, kangaroo pocket and reflective sleeve tape. Keeps the dust and the drizzle off.',
    priceKobo: 5_500_000,
    gender: 'men',
    category: 'jackets',
    subcategory: 'windbreakers',
    sizes: MEN,
    colors: ['Orange', 'Navy'],
    art: { kind: 'windbreaker', accent: 'Green', views: FRONT_BACK },
    soldOut: 'all',
  },
  {
    name: 'Obalende Cargo Pants',
    description:
      'Relaxed cargo trousers in washed cotton twill with bellowed side pockets and belt loops. Carry everything, look good doing it.',
    priceKobo: 3_500_000,
    gender: 'men',
    category: 'bottoms',
    subcategory: 'pants',
    sizes: MEN,
    colors: ['Beige', 'Black'],
    art: { kind: 'pants', accent: 'Green', views: FRONT_BACK },
  },
  {
    name: 'Ojota Fleece Joggers',
    description:
      'Tapered fleece joggers with an elastic drawstring waist and ribbed ankle cuffs. Match them with the Lekki Hoodie for the full set.',
    priceKobo: 2_700_000,
    gender: 'men',
    category: 'bottoms',
    subcategory: 'joggers',
    sizes: MEN,
    colors: ['Gray', 'Black'],
    art: { kind: 'joggers', accent: 'Green', views: FRONT_BACK },
    isNew: true,
    soldOut: 2,
  },
  {
    name: 'Bar Beach Shorts',
    description:
      'Above-the-knee shorts in quick-dry nylon with a drawstring waist. From the beach to the bukka without changing.',
    priceKobo: 1_800_000,
    gender: 'men',
    category: 'bottoms',
    subcategory: 'shorts',
    sizes: MEN,
    colors: ['Navy', 'Red'],
    art: { kind: 'shorts', accent: 'Yellow', views: ['front'] },
    sale: { priceKobo: 1_440_000, endsInDays: 30 },
  },
  {
    name: 'Apapa Straight Denim',
    description:
      'Straight-leg jeans in 13 oz rigid denim with contrast stitching and copper rivets. Breaks in with you.',
    priceKobo: 4_800_000,
    gender: 'men',
    category: 'denim',
    sizes: MEN,
    colors: ['Blue', 'Black'],
    art: { kind: 'jeans', accent: 'Orange', views: FRONT_BACK },
  },
  {
    name: 'Oshodi Chunky Knit Sweater',
    description:
      'Chunky knit crewneck in a soft cotton blend with a textured chevron stitch. Made for cool evenings and long drives.',
    priceKobo: 5_200_000,
    gender: 'men',
    category: 'knitwear',
    sizes: MEN,
    colors: ['Brown', 'Green'],
    art: { kind: 'knit', accent: 'Beige', views: FRONT_BACK },
  },
  {
    name: 'Naija Street Logo Cap',
    description:
      'Six-panel cotton twill cap with an embroidered NS patch and an adjustable strap with a metal buckle.',
    priceKobo: 1_200_000,
    gender: 'men',
    category: 'accessories',
    subcategory: 'hats',
    sizes: ONE,
    colors: ['Black', 'White', 'Green'],
    art: { kind: 'cap', accent: 'Yellow', views: FRONT_BACK },
    featured: true,
  },
  {
    name: 'Mainland Sling Bag',
    description:
      'Water-resistant sling bag with a padded strap, zip front pocket and room for phone, wallet, power bank and keys.',
    priceKobo: 2_200_000,
    gender: 'men',
    category: 'accessories',
    subcategory: 'bags',
    sizes: ONE,
    colors: ['Black', 'Navy'],
    art: { kind: 'sling', accent: 'Yellow', views: FRONT_BACK },
  },
  {
    name: 'Naija Street Crew Socks',
    description: 'Cushioned cotton crew socks with a striped rib cuff. Sold as a pair.',
    priceKobo: 850_000,
    gender: 'men',
    category: 'accessories',
    subcategory: 'socks',
    sizes: ONE,
    colors: ['White', 'Black'],
    art: { kind: 'socks', accent: 'Green', views: ['front'] },
  },
  {
    name: 'Mystery Scratchcard Tee',
    description:
      'A limited-run tee with one of our secret designs: scratch the card in the box to reveal which one you got. Every design is limited, and no two drops are the same.',
    priceKobo: 2_000_000,
    gender: 'men',
    category: 'tshirts',
    subcategory: 'graphic-tees',
    sizes: MEN,
    colors: ['Black'],
    art: { kind: 'tee', accent: 'Yellow', print: 'mystery', views: ['front'] },
    mystery: true,
  },
  {
    name: 'Lagos Babe Crop Top',
    description:
      'Cropped fitted tee in stretch cotton with a NAIJA STREET wordmark. Pairs with high-waisted everything.',
    priceKobo: 1_350_000,
    gender: 'women',
    category: 'tops',
    sizes: WOMEN,
    colors: ['White', 'Purple'],
    art: { kind: 'crop-top', accent: 'Purple', print: 'wordmark', views: FRONT_BACK },
    isNew: true,
  },
  {
    name: 'Ankara Trim Tee',
    description:
      'Relaxed cotton tee with an Ankara-inspired print across the chest, designed with artists in Yaba.',
    priceKobo: 1_550_000,
    gender: 'women',
    category: 'tshirts',
    subcategory: 'graphic-tees',
    sizes: WOMEN,
    colors: ['White', 'Black'],
    art: { kind: 'tee', accent: 'Orange', print: 'ankara', views: THREE },
    isNew: true,
    soldOut: 1,
  },
  {
    name: 'Ajegunle Oversized Hoodie',
    description:
      'Oversized brushed fleece hoodie with a roomy hood and kangaroo pocket. Soft inside, strong outside, like the neighbourhood it is named for.',
    priceKobo: 4_000_000,
    gender: 'women',
    category: 'sweatshirts',
    subcategory: 'hoodies',
    sizes: WOMEN,
    colors: ['Beige', 'Purple'],
    art: { kind: 'hoodie', accent: 'Brown', views: THREE },
    featured: true,
  },
  {
    name: 'Ikoyi Satin Bomber',
    description:
      'Lustrous satin bomber with a ribbed collar and cuffs, slightly cropped for a sharp silhouette.',
    priceKobo: 6_200_000,
    gender: 'women',
    category: 'jackets',
    subcategory: 'bombers',
    sizes: WOMEN,
    colors: ['Green', 'Black'],
    art: { kind: 'bomber', accent: 'Yellow', views: FRONT_BACK },
    isNew: true,
  },
  {
    name: 'Idumota Wide-Leg Trousers',
    description: 'High-waisted wide-leg trousers in flowing twill with front pleats and side pockets.',
    priceKobo: 3_300_000,
    gender: 'women',
    category: 'bottoms',
    subcategory: 'pants',
    sizes: WOMEN,
    colors: ['Black', 'Beige'],
    art: { kind: 'pants', accent: 'Orange', views: FRONT_BACK },
  },
  {
    name: 'Marina Mom Jeans',
    description: 'High-rise mom jeans in vintage-wash denim with a tapered leg and five pockets.',
    priceKobo: 4_600_000,
    gender: 'women',
    category: 'denim',
    sizes: WOMEN,
    colors: ['Blue'],
    art: { kind: 'jeans', accent: 'Orange', views: FRONT_BACK },
    soldOut: 1,
  },
  {
    name: 'Festac Ribbed Knit Sweater',
    description: 'Fine-rib knit sweater with a crew neck and a cosy, slightly cropped fit.',
    priceKobo: 4_900_000,
    gender: 'women',
    category: 'knitwear',
    sizes: WOMEN,
    colors: ['Beige', 'Brown'],
    art: { kind: 'knit', accent: 'Brown', views: ['front'] },
    soldOut: 'all',
  },
  {
    name: 'Isale Eko Canvas Tote',
    description:
      'Heavy canvas tote with a printed sunrise pocket and long handles that sit comfortably on the shoulder.',
    priceKobo: 1_800_000,
    gender: 'women',
    category: 'accessories',
    subcategory: 'bags',
    sizes: ONE,
    colors: ['Beige', 'Black'],
    art: { kind: 'tote', accent: 'Green', views: ['front'] },
  },
  {
    name: 'Eko Dad Cap',
    description: 'Washed cotton dad cap with a curved brim and an embroidered NS patch.',
    priceKobo: 1_100_000,
    gender: 'women',
    category: 'accessories',
    subcategory: 'hats',
    sizes: ONE,
    colors: ['Beige', 'Purple'],
    art: { kind: 'cap', accent: 'Purple', views: ['front'] },
  },
  {
    name: 'Owambe Ankle Socks',
    description: 'Soft cotton ankle socks with a bright striped cuff, ready for the party.',
    priceKobo: 800_000,
    gender: 'women',
    category: 'accessories',
    subcategory: 'socks',
    sizes: ONE,
    colors: ['White', 'Purple'],
    art: { kind: 'socks', accent: 'Orange', views: ['front'] },
  },
  {
    name: 'Archive Leather Bomber',
    description: 'Our 2023 leather bomber, kept in the archive. Not for sale at the moment.',
    priceKobo: 8_500_000,
    gender: 'men',
    category: 'jackets',
    subcategory: 'bombers',
    sizes: MEN,
    colors: ['Brown'],
    art: { kind: 'bomber', accent: 'Beige', views: ['front'] },
    inactive: true,
  },
];
