import { Link } from 'react-router';
import { paths } from '../paths';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-neutral-950 text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-black tracking-widest text-white">NAIJA STREET</p>
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
        <div>
          <a
            href="https://instagram.com/naijastreet"
            rel="noopener noreferrer"
            target="_blank"
            className="text-sm hover:text-white hover:underline"
          >
            Instagram @naijastreet
          </a>
        </div>
      </div>
      <p className="border-t border-neutral-800 py-4 text-center text-xs text-neutral-400">
        © {year} Naija Street. All rights reserved.
      </p>
    </footer>
  );
}
