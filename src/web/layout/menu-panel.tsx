import { ChevronIcon } from '../components/ui/icons';
import { MENU_LINK, MenuLinks } from './menu-links';

const section = `${MENU_LINK} flex cursor-pointer list-none items-center justify-between [&::-webkit-details-marker]:hidden`;

/**
 * The menu as the server draws it, for a press on the menu button before the page's script has
 * taken over: the button is the <summary> of a <details> (navbar.tsx), so the browser opens this
 * list by itself, under the header, where the same button closes it again. Once the script runs,
 * the button opens the sliding menu (menu-drawer.tsx) instead, with the same links (menu-links.tsx).
 */
export function MenuPanel({ signedIn, onSignOut }: { signedIn: boolean; onSignOut: () => void }) {
  return (
    // Under the header, the height of the window below it (the header is its containing block).
    <div className="absolute left-0 top-full h-[calc(100dvh-3.5rem)] w-[85vw] max-w-sm overflow-y-auto border-t border-neutral-200 bg-white shadow-2xl">
      <p className="flex min-h-14 items-center border-b border-neutral-200 px-5 text-base font-black uppercase tracking-widest">
        Menu
      </p>
      <MenuLinks
        signedIn={signedIn}
        onSignOut={onSignOut}
        section={(gender, categories) => (
          // One section open at a time, as in the sliding menu: details of one name are exclusive.
          <details name="menu-section" className="group/section">
            <summary className={section}>
              {gender.toUpperCase()}
              <ChevronIcon className="h-4 w-4 transition-transform group-open/section:rotate-180" />
            </summary>
            <ul className="bg-neutral-50 pb-2">{categories}</ul>
          </details>
        )}
      />
    </div>
  );
}
