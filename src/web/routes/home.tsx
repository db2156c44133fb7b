import { Link } from 'react-router';
import type { HeadArgs, HeadTag } from '../lib/route-module';
import { paths } from '../paths';

export function head({ origin }: HeadArgs<unknown>): HeadTag[] {
  return [
    { title: 'Naija Street | Streetwear from Lagos' },
    { rel: 'canonical', href: `${origin}/` },
    { property: 'og:title', content: 'Naija Street | Streetwear from Lagos' },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: `${origin}/` },
  ];
}

export default function Home() {
  return (
    <section className="bg-neutral-950 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <p className="text-xs font-bold tracking-[0.3em] text-accent">LAGOS · ABUJA · PORT HARCOURT</p>
        <h1 className="mt-3 max-w-2xl text-4xl font-black leading-tight sm:text-6xl">
          Streetwear with Naija soul.
        </h1>
        <p className="mt-4 max-w-xl text-neutral-300">
          Heavyweight tees, hoodies and jackets designed in Lagos. Limited drops, delivered across Nigeria.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to={paths.newArrivals}
            className="rounded bg-white px-6 py-3 text-sm font-bold tracking-wide text-neutral-950"
          >
            SHOP NEW ARRIVALS
          </Link>
          <Link
            to={paths.home}
            className="rounded border border-white px-6 py-3 text-sm font-bold tracking-wide"
          >
            VIEW COLLECTIONS
          </Link>
        </div>
      </div>
    </section>
  );
}
