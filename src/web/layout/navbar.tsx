import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Dialog } from '../components/ui/dialog';
import { BagIcon, ChevronIcon, MenuIcon, SignOutIcon, UserIcon } from '../components/ui/icons';
import { toast } from '../components/ui/toast';
import { useCart } from '../features/cart/cart-context';
import { preloadCartDrawer } from '../features/cart/cart-provider';
import { badgeText, useCartCount } from '../features/cart/use-cart-count';
import { SearchButton } from '../features/search/search-button';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { MENU_CATEGORIES, paths } from '../paths';
import { Logo } from './logo';

const iconButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-full text-neutral-900 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';

export function Navbar() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const count = useCartCount();
  const { openDrawer } = useCart();
  const [menuOpen, setMenuOpen] = useState(false);

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
        className="mx-auto grid h-14 max-w-7xl grid-cols-[1fr_auto_1fr] items-center px-2 sm:px-4"
      >
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={iconButton}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <SearchButton className={iconButton} />
        </div>
        <Link to={paths.home} aria-label="Naija Street home" className="flex justify-center">
          <Logo />
        </Link>
        <div className="flex items-center justify-end gap-0.5">
          <Link
            to={user ? paths.account : paths.login}
            // The login page returns here after signing in.
            state={user ? undefined : { from: location.pathname + location.search }}
            className={iconButton}
            aria-label={user ? 'My account' : 'Log in'}
          >
            <UserIcon />
          </Link>
          {user ? (
            <button
              type="button"
              className={`${iconButton} max-sm:hidden`}
              aria-label="Sign out"
              onClick={handleSignOut}
            >
              <SignOutIcon />
            </button>
          ) : null}
          <button
            type="button"
            className={`${iconButton} relative`}
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            aria-haspopup="dialog"
            onPointerEnter={preloadCartDrawer}
            onFocus={preloadCartDrawer}
            onClick={openDrawer}
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
          </button>
        </div>
      </nav>
      <MenuDrawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        signedIn={Boolean(user)}
        onSignOut={handleSignOut}
      />
    </header>
  );
}

type Section = 'men' | 'women' | null;

function MenuDrawer({
  open,
  onClose,
  signedIn,
  onSignOut,
}: {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  onSignOut: () => void;
}) {
  const [section, setSection] = useState<Section>(null);
  const location = useLocation();

  // Following a link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => {
    onClose();
  }, [location.pathname]);

  const link = 'block px-5 py-3 text-sm font-bold tracking-wide hover:bg-neutral-100';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Menu"
      titleClassName="uppercase tracking-widest"
      closeLabel="Close menu"
      placement="left"
    >
      <ul className="py-2">
        <li>
          {signedIn ? (
            <Link to={paths.account} className={link}>
              MY ACCOUNT
            </Link>
          ) : (
            <Link to={paths.login} state={{ from: location.pathname + location.search }} className={link}>
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
            <button
              type="button"
              className={`${link} flex w-full items-center justify-between text-left`}
              aria-expanded={section === gender}
              aria-controls={`menu-${gender}`}
              onClick={() => setSection(section === gender ? null : gender)}
            >
              {gender.toUpperCase()}
              <ChevronIcon
                className={`h-4 w-4 transition-transform ${section === gender ? 'rotate-180' : ''}`}
              />
            </button>
            <ul id={`menu-${gender}`} hidden={section !== gender} className="bg-neutral-50 pb-2">
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
        {signedIn ? (
          <li>
            <button type="button" className={`${link} w-full text-left`} onClick={onSignOut}>
              SIGN OUT
            </button>
          </li>
        ) : null}
      </ul>
    </Dialog>
  );
}
