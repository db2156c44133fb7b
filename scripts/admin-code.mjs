// What belongs to the admin panel only, by module id (relative to the project root). The build
// puts the admin's libraries in one chunk named admin-vendor (vite.config.ts), and
// scripts/check-bundle.mjs fails when any of it reaches a shopper's first view.

/** The panel's own code: its features and its pages. */
export const ADMIN_SOURCE = /^src\/web\/(features\/admin\/|routes\/admin[^/]*\.tsx$)/;

/** Libraries only the admin panel uses: its data fetching and any chart library. */
export const ADMIN_PACKAGES =
  /(^|\/)node_modules\/(@tanstack\/|uplot\/|recharts\/|victory[^/]*\/|chart\.js\/|react-chartjs-2\/|@nivo\/|echarts|apexcharts|react-apexcharts|@visx\/|d3-[^/]+\/|d3\/)/;

/** Whether a module id (relative, forward slashes) is admin-only code. */
export const isAdminModule = (id) => ADMIN_SOURCE.test(id) || ADMIN_PACKAGES.test(id);
