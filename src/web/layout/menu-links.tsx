import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SignOutForm } from '../features/accounts/sign-out-form';
import { MENU_CATEGORIES, paths } from '../paths';

/** A top-level line of the menu: a link, or the button (or summary) opening MEN or WOMEN. */
export const MENU_LINK = 'block px-5 py-3 text-sm font-bold tracking-wide hover:bg-neutral-100';

export type MenuGender = 'men' | 'women';

/**
 * The menu's links, in the one order both menus show them: the sliding menu once the page's
 * script runs (menu-drawer.tsx) and the list the browser opens by itself before it
 * (menu-panel.tsx). They differ only in how MEN and WOMEN open: `section` draws that line and its
 * list of categories (given as list items). SIGN OUT, for a signed-in visitor, is a form that
 * works before the script too (SignOutForm).
 */
export function MenuLinks({
  signedIn,
  onSignOut,
  from,
  section,
}: {
  signedIn: boolean;
  onSignOut: () => void;
  /** Where a sign-in started from the menu comes back to, when the menu knows the page. */
  from?: string;
  section: (gender: MenuGender, categories: ReactNode) => ReactNode;
}) {
  return (
    <ul className="py-2">
      <li>
        {signedIn ? (
          <Link to={paths.account} className={MENU_LINK}>
            MY ACCOUNT
          </Link>
        ) : (
          <Link to={paths.login} state={from ? { from } : undefined} className={MENU_LINK}>
            LOGIN / REGISTER
          </Link>
        )}
      </li>
      <li>
        <Link to={paths.home} className={MENU_LINK}>
          ALL PRODUCTS
        </Link>
      </li>
      <li>
        <Link to={paths.newArrivals} className={MENU_LINK}>
          NEW
        </Link>
      </li>
      {(['men', 'women'] as const).map((gender) => (
        <li key={gender}>
          {section(
            gender,
            MENU_CATEGORIES.map((category) => (
              <li key={category.slug}>
                <Link
                  to={gender === 'men' ? paths.men(category.slug) : paths.women(category.slug)}
                  className="block px-8 py-2.5 text-sm font-semibold text-neutral-700 hover:bg-neutral-100"
                >
                  {category[gender]}
                </Link>
              </li>
            )),
          )}
        </li>
      ))}
      <li>
        <Link to={paths.listing('hats')} className={MENU_LINK}>
          HATS
        </Link>
      </li>
      <li>
        <Link to={paths.listing('accessories')} className={MENU_LINK}>
          ACCESSORIES
        </Link>
      </li>
      {signedIn ? (
        <li>
          <SignOutForm onSignOut={onSignOut}>
            <button type="submit" className={`${MENU_LINK} w-full text-left`}>
              SIGN OUT
            </button>
          </SignOutForm>
        </li>
      ) : null}
    </ul>
  );
}
