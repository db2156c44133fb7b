import { Link } from 'react-router';
import type { StoreSettings } from '#shared/schemas/settings';
import { paths } from '../paths';

const FALLBACK_NAME = 'Naija Street';

/** The footer: links, and the shop's name and contact details from Settings → Store. */
export function Footer({ store }: { store: StoreSettings | null }) {
  const year = new Date().getFullYear();
  const name = store?.name ?? FALLBACK_NAME;
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-neutral-950 text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-black uppercase tracking-widest text-white">{name}</p>
          <p className="mt-2 text-sm">Streetwear made in Lagos, shipped across Nigeria.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-2 text-sm">
            <li>
              <Link to={paths.shippingPolicy} className="hover:text-white hover:underline">
                Shipping Policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className="hover:text-white hover:underline">
                Terms of Service
              </Link>
            </li>
            <li>
              <a href={paths.admin} className="hover:text-white hover:underline">
                Admin
              </a>
            </li>
          </ul>
        </nav>
        <div className="space-y-2 text-sm">
          {store ? (
            <address className="space-y-2 not-italic" aria-label="Customer support">
              <p>
                <a
                  href={`mailto:${store.supportEmail}`}
                  className="break-all hover:text-white hover:underline"
                >
                  {store.supportEmail}
                </a>
              </p>
              {store.supportPhone ? (
                <p>
                  <a
                    href={`tel:${store.supportPhone.replace(/[^+0-9]/g, '')}`}
                    className="hover:text-white hover:underline"
                  >
                    {store.supportPhone}
                  </a>
                </p>
              ) : null}
            </address>
          ) : null}
          <p>
            <a
              href="https://instagram.com/naijastreet"
              rel="noopener noreferrer"
              target="_blank"
              className="hover:text-white hover:underline"
            >
              Instagram @naijastreet
            </a>
          </p>
        </div>
      </div>
      <p className="border-t border-neutral-800 py-4 text-center text-xs text-neutral-400">
        © {year} {name}. All rights reserved.
      </p>
    </footer>
  );
}
