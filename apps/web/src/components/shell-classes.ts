/**
 * The signed-in frame's layout classes, shared by the shell's components and the boot frame that
 * index.html paints before the app has loaded (`app/boot-frame-script.ts`): one definition, so the
 * frame the user sees first has the heading exactly where the page then puts it.
 */
export const SHELL_CLASSES = {
  frameDesktop: 'flex min-h-dvh',
  frameMobile: 'flex min-h-dvh flex-col',
  column: 'flex min-w-0 flex-1 flex-col',
  sidebar:
    'sticky top-0 flex h-dvh shrink-0 flex-col border-r border-border bg-card/50 transition-[width] duration-200 ease-out',
  sidebarExpanded: 'w-72',
  sidebarCollapsed: 'w-20',
  topBar:
    'sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-border bg-background/80 px-6 backdrop-blur-md',
  mobileTopBar:
    'sticky top-0 z-30 flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border bg-background/90 pr-2 pl-4 backdrop-blur-md',
  mainDesktop: 'flex-1 px-6 py-8 lg:px-10',
  mainMobile: 'flex-1 px-4 pt-6 pb-28',
  pageWidthDesktop: 'mx-auto w-full max-w-6xl',
  pageHeader: 'flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between',
  pageTitle: 'text-2xl font-semibold tracking-tight text-foreground',
} as const;
