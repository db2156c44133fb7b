import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { POSTED_COOKIE } from '#shared/constants';
import { Button, buttonClass } from '../components/ui/button';
import { BagIcon, MenuIcon, SignOutIcon, UserIcon } from '../components/ui/icons';
import { toast } from '../components/ui/toast';
import { SignOutForm } from '../features/accounts/sign-out-form';
import { useCart } from '../features/cart/cart-context';
import { preloadCartDrawer } from '../features/cart/cart-provider';
import { badgeText, useCartCount } from '../features/cart/use-cart-count';
import { SearchButton } from '../features/search/search-button';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { MENU_CATEGORIES, paths } from '../paths';
import { Logo } from './logo';
import { MenuPanel } from './menu-panel';

const loadMenu = () => import('./menu-drawer');
const MenuDrawer = lazy(loadMenu);

// 40 px on phones, so six icons and the logo fit in 360 px; 44 px from `sm` up.
const wider = 'sm:h-11 sm:w-11';

export function Navbar() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const count = useCartCount();
  const { openDrawer } = useCart();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so it can close (and give the focus back) like any dialog.
  const [menuMounted, setMenuMounted] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const menuDetails = useRef<HTMLDetailsElement>(null);

  // The menu opened before the script took over (the browser's own <details>): it becomes the
  // sliding menu, open, before the next paint.
  useLayoutEffect(() => {
    const details = menuDetails.current;
    if (!details?.open) return;
    details.open = false;
    setMenuMounted(true);
    setMenuOpen(true);
  }, []);

  // Signed out by the form before the script ran (SignOutForm): the page says so once it can.
  // Its reader is loaded only when the server left an answer.
  useEffect(() => {
    if (!document.cookie.includes(`${POSTED_COOKIE}=`)) return;
    void import('../lib/posted-answer').then(({ takePostedAnswer }) => {
      const signedOut = takePostedAnswer(
        (posted): posted is { kind: 'signed-out' } => posted.kind === 'signed-out',
      );
      if (signedOut) toast.success('Logged out successfully');
    });
  }, []);

  async function handleSignOut() {
    try {
      await signOut();
      toast.success('Logged out successfully');
      navigate(paths.home);
    } catch (error) {
      toast.error(errorMessage(error, 'Logout failed'));
    }
  }

  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto grid h-14 max-w-7xl grid-cols-[1fr_auto_1fr] items-center px-1 sm:px-4"
      >
        <div className="flex items-center gap-1">
          {/* A <details> the browser opens by itself before the script runs (MenuPanel); after, the button opens the sliding menu. */}
          <details ref={menuDetails}>
            {/* biome-ignore lint/a11y/useSemanticElements: the browser opens a <details> by its <summary> with no script; to assistive technology it is the menu button. */}
            <summary
              role="button"
              className={`${buttonClass({ variant: 'icon', size: 'sm' })} ${wider} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onPointerEnter={loadMenu}
              onPointerDown={loadMenu}
              onFocus={loadMenu}
              onClick={(event) => {
                event.preventDefault();
                setMenuMounted(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </summary>
            <MenuPanel signedIn={Boolean(user)} onSignOut={handleSignOut} />
          </details>
          <SearchButton className={wider} />
        </div>
        <Link to={paths.home} aria-label="Naija Street home" className="flex justify-center">
          <Logo />
        </Link>
        <div className="flex items-center justify-end gap-0.5">
          <Link
            to={user ? paths.account : paths.login}
            // The login page returns here after signing in.
            state={user ? undefined : { from: location.pathname + location.search }}
            className={`${buttonClass({ variant: 'icon', size: 'sm' })} ${wider}`}
            aria-label={user ? 'My account' : 'Log in'}
          >
            <UserIcon />
          </Link>
          {user ? (
            <SignOutForm onSignOut={handleSignOut}>
              <Button type="submit" variant="icon" size="sm" className={wider} aria-label="Sign out">
                <SignOutIcon />
              </Button>
            </SignOutForm>
          ) : null}
          {/* Before the script runs, the button takes the shopper to the cart page; after, it opens the cart. */}
          <form action={paths.cart} className="contents">
            <Button
              type="submit"
              variant="icon"
              size="sm"
              className={`${wider} relative`}
              aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
              aria-haspopup="dialog"
              onPointerEnter={preloadCartDrawer}
              onFocus={preloadCartDrawer}
              onClick={(event) => {
                event.preventDefault();
                openDrawer();
              }}
            >
              <BagIcon />
              {count > 0 ? (
                <span
                  aria-hidden="true"
                  className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-[11px] font-bold leading-5 text-white"
                >
                  {badgeText(count)}
                </span>
              ) : null}
            </Button>
          </form>
        </div>
      </nav>
      <CategoryBar />
      {menuMounted ? (
        <Suspense fallback={null}>
          <MenuDrawer
            open={menuOpen}
            onClose={closeMenu}
            signedIn={Boolean(user)}
            onSignOut={handleSignOut}
          />
        </Suspense>
      ) : null}
    </header>
  );
}

const barLink =
  'inline-flex h-10 items-center px-1 text-[13px] font-bold tracking-[0.18em] hover:underline underline-offset-8 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';
const dropLink =
  'block px-4 py-2 text-[13px] font-semibold tracking-wider hover:bg-neutral-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neutral-900';

/**
 * Wide screens: the main categories as a visible bar under the logo (phones keep the menu). MEN
 * and WOMEN open their categories on hover or keyboard focus; plain links, no script.
 */
function CategoryBar() {
  const genders = [
    { label: 'MEN', to: paths.men('tshirts'), gender: 'men' as const },
    { label: 'WOMEN', to: paths.listing('womens'), gender: 'women' as const },
  ];
  return (
    <nav aria-label="Categories" className="hidden border-t border-neutral-100 lg:block">
      <ul className="mx-auto flex max-w-7xl items-center justify-center gap-10 px-4">
        <li>
          <Link to={paths.newArrivals} className={barLink}>
            NEW
          </Link>
        </li>
        {genders.map(({ label, to, gender }) => (
          <li key={gender} className="group relative">
            <Link to={to} className={barLink}>
              {label}
            </Link>
            <ul
              aria-label={`${label === 'MEN' ? "Men's" : "Women's"} categories`}
              className="invisible absolute left-1/2 top-full z-50 min-w-52 -translate-x-1/2 rounded-b border border-neutral-200 bg-white py-2 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
            >
              {MENU_CATEGORIES.map((category) => (
                <li key={category.slug}>
                  <Link
                    to={gender === 'men' ? paths.men(category.slug) : paths.women(category.slug)}
                    className={dropLink}
                  >
                    {category[gender]}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li>
          <Link to={paths.listing('hats')} className={barLink}>
            HATS
          </Link>
        </li>
        <li>
          <Link to={paths.listing('accessories')} className={barLink}>
            ACCESSORIES
          </Link>
        </li>
      </ul>
    </nav>
  );
}
