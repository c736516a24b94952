/** Props of {@link ColorSwatch}. */
export type ColorSwatchProps = {
  /** CSS colours, one block each, in order. */
  colors: readonly string[];
  testId?: string;
};

/** A row of colour blocks (the PIN swatch of spec §2); decorative, hidden from assistive tech. */
export function ColorSwatch({ colors, testId }: ColorSwatchProps) {
  return (
    <div className="swatch" data-testid={testId} aria-hidden="true">
      {colors.map((color, index) => (
        <span key={index} className="swatch__block" style={{ backgroundColor: color }} />
      ))}
    </div>
  );
}
