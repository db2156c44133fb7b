import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export const ACCOUNT_TABS = [
  { id: 'orders', label: 'Orders' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'settings', label: 'Settings' },
  { id: 'password', label: 'Password' },
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number]['id'];

export function parseAccountTab(value: string | null | undefined): AccountTab {
  return ACCOUNT_TABS.find((tab) => tab.id === value)?.id ?? 'orders';
}

/**
 * The WAI-ARIA tabs pattern: one tab stop for the whole list; arrow keys, Home and End move
 * between tabs and select them (the panels are already on the page, so selecting is instant).
 */
export function AccountTabs({
  selected,
  onSelect,
  children,
}: {
  selected: AccountTab;
  onSelect: (tab: AccountTab) => void;
  children: ReactNode;
}) {
  const refs = useRef(new Map<AccountTab, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = ACCOUNT_TABS.findIndex((tab) => tab.id === selected);
    const last = ACCOUNT_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = ACCOUNT_TABS[next]!.id;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  }

  return (
    <>
      <div
        role="tablist"
        aria-label="My account"
        onKeyDown={onKeyDown}
        className="flex overflow-x-auto border-b border-neutral-200"
      >
        {ACCOUNT_TABS.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) refs.current.set(tab.id, element);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`account-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`account-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px flex-1 border-b-2 px-2 py-3 text-sm sm:flex-none sm:px-4 font-bold tracking-wide focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neutral-900 ${
                isSelected
                  ? 'border-neutral-900 text-neutral-900'
                  : 'border-transparent text-neutral-500 hover:text-neutral-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`account-panel-${selected}`}
        aria-labelledby={`account-tab-${selected}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel a tab stop
        tabIndex={0}
        className="py-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-neutral-900"
      >
        {children}
      </div>
    </>
  );
}
