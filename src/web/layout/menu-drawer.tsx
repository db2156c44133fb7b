import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog } from '../components/ui/dialog';
import { ChevronIcon } from '../components/ui/icons';
import { MENU_CATEGORIES, paths } from '../paths';

type Section = 'men' | 'women' | null;

/**
 * The navbar's menu, sliding in from the left. Its own chunk, fetched when the shopper reaches for
 * the menu button (navbar.tsx).
 */
export default function MenuDrawer({
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

  // Following a link closes the menu (it is mounted on its first opening: not on that).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    onClose();
  }, [location.pathname, onClose]);

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
