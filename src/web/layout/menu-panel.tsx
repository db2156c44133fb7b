import { Link } from 'react-router';
import { ChevronIcon } from '../components/ui/icons';
import { MENU_CATEGORIES, paths } from '../paths';

const link = 'block px-5 py-3 text-sm font-bold tracking-wide hover:bg-neutral-100';
const section = `${link} flex cursor-pointer list-none items-center justify-between [&::-webkit-details-marker]:hidden`;

/**
 * The menu as the server draws it, for a press on the menu button before the page's script has
 * taken over: the button is the <summary> of a <details> (navbar.tsx), so the browser opens this
 * list by itself, under the header, where the same button closes it again. Once the script runs,
 * the button opens the sliding menu (menu-drawer.tsx) instead, with the same links.
 */
export function MenuPanel({ signedIn }: { signedIn: boolean }) {
  return (
    // Under the header, the height of the window below it (the header is its containing block).
    <div className="absolute left-0 top-full h-[calc(100dvh-3.5rem)] w-[85vw] max-w-sm overflow-y-auto border-t border-neutral-200 bg-white shadow-2xl">
      <p className="flex min-h-14 items-center border-b border-neutral-200 px-5 text-base font-black uppercase tracking-widest">
        Menu
      </p>
      <ul className="py-2">
        <li>
          {signedIn ? (
            <Link to={paths.account} className={link}>
              MY ACCOUNT
            </Link>
          ) : (
            <Link to={paths.login} className={link}>
              LOGIN / REGISTER
            </Link>
          )}
        </li>
        <li>
          <Link to={paths.home} className={link}>
            ALL PRODUCTS
          </Link>
        </li>
        <li>
          <Link to={paths.newArrivals} className={link}>
            NEW
          </Link>
        </li>
        {(['men', 'women'] as const).map((gender) => (
          <li key={gender}>
            <details name="menu-section" className="group/section">
              <summary className={section}>
                {gender.toUpperCase()}
                <ChevronIcon className="h-4 w-4 transition-transform group-open/section:rotate-180" />
              </summary>
              <ul className="bg-neutral-50 pb-2">
                {MENU_CATEGORIES.map((category) => (
                  <li key={category.slug}>
                    <Link
                      to={gender === 'men' ? paths.men(category.slug) : paths.women(category.slug)}
                      className="block px-8 py-2.5 text-sm font-semibold text-neutral-700 hover:bg-neutral-100"
                    >
                      {category[gender]}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
        <li>
          <Link to={paths.listing('hats')} className={link}>
            HATS
          </Link>
        </li>
        <li>
          <Link to={paths.listing('accessories')} className={link}>
            ACCESSORIES
          </Link>
        </li>
      </ul>
    </div>
  );
}
