import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Dialog } from '../components/ui/dialog';
import { ChevronIcon } from '../components/ui/icons';
import { MENU_LINK, type MenuGender, MenuLinks } from './menu-links';

type Section = MenuGender | null;

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

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Menu"
      titleClassName="uppercase tracking-widest"
      closeLabel="Close menu"
      placement="left"
    >
      <MenuLinks
        signedIn={signedIn}
        onSignOut={onSignOut}
        from={location.pathname + location.search}
        section={(gender, categories) => (
          <>
            <button
              type="button"
              className={`${MENU_LINK} flex w-full items-center justify-between text-left`}
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
              {categories}
            </ul>
          </>
        )}
      />
    </Dialog>
  );
}
