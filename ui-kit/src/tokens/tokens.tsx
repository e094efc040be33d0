/** The design tokens of styles.css, by group: what the Storybook docs page shows. */
export const TOKENS = {
  colour: [
    'primary',
    'primary-dark',
    'primary-light',
    'on-primary',
    'link',
    'text',
    'muted',
    'border',
    'surface',
    'surface-raised',
    'background',
    'hover',
    'danger',
    'danger-surface',
    'warning',
    'warning-surface',
    'success',
    'success-surface',
    'neutral-surface',
    'backdrop',
  ],
  space: ['space-1', 'space-2', 'space-3', 'space-4', 'space-5', 'space-6'],
  type: ['font', 'text-xs', 'text-sm', 'text-md', 'text-lg', 'text-xl', 'text-2xl'],
  shape: ['radius', 'radius-lg', 'radius-pill', 'shadow-sm', 'shadow-md', 'shadow-lg', 'focus'],
} as const

const cssVar = (name: string) => `var(--pc-${name})`

/** A sheet of every token, drawn with the token itself (a swatch, a bar, a sample, a card). */
export const TokenSheet = () => (
  <div className="pc-token-sheet">
    <h2>Colour</h2>
    <ul>
      {TOKENS.colour.map((name) => (
        <li key={name}>
          <span className="pc-token-sheet__swatch" style={{ background: cssVar(name) }} />
          <code>--pc-{name}</code>
        </li>
      ))}
    </ul>
    <h2>Space</h2>
    <ul>
      {TOKENS.space.map((name) => (
        <li key={name}>
          <span className="pc-token-sheet__bar" style={{ width: cssVar(name) }} />
          <code>--pc-{name}</code>
        </li>
      ))}
    </ul>
    <h2>Type</h2>
    <ul>
      {TOKENS.type.map((name) => (
        <li key={name} style={name === 'font' ? { fontFamily: cssVar(name) } : { fontSize: cssVar(name) }}>
          Bon de commande <code>--pc-{name}</code>
        </li>
      ))}
    </ul>
    <h2>Shape and depth</h2>
    <ul>
      {TOKENS.shape.map((name) => (
        <li key={name}>
          <span
            className="pc-token-sheet__card"
            style={name.startsWith('radius') ? { borderRadius: cssVar(name) } : { boxShadow: cssVar(name) }}
          />
          <code>--pc-{name}</code>
        </li>
      ))}
    </ul>
  </div>
)
