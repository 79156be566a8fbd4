// The floating controls' own space on a phone: a bar along the bottom edge behind the music button (left)
// and the chat button (right), so they sit on it instead of on the page. The footers end with room for it
// (pb-24), so the last line of any page scrolls clear above the bar. Larger screens have margins to spare.
export function FloatingDock() {
  return (
    <div
      aria-hidden="true"
      data-testid="floating-dock"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-30 h-[5.5rem] border-t border-cyan/15 bg-void/90 backdrop-blur-md sm:hidden"
    />
  );
}
