/** The spec's "Colours": main_color, light, dark and the R, G, B parts of the main colour. */
export type ColourPalette = {
  main_color: string
  light: string
  dark: string
  r: number
  g: number
  b: number
}

const HEX = /^#?([0-9a-f]{6})$/i

const toHex = (channels: readonly number[]): string =>
  `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

/** Mixes each channel toward a target (255 lightens, 0 darkens) by a ratio in [0, 1]. */
const mix = (channels: readonly number[], target: number, ratio: number): string =>
  toHex(channels.map((c) => c + (target - c) * ratio))

/**
 * Derives the palette from a "#rrggbb" main colour: light is 85% toward white, dark 30% toward
 * black. Returns null for anything that is not a six-digit hex colour.
 */
export const colourPalette = (mainColor: string): ColourPalette | null => {
  const hex = HEX.exec(mainColor.trim())?.[1]
  if (hex === undefined) return null
  const channels = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  const [r = 0, g = 0, b = 0] = channels
  return {
    main_color: toHex(channels),
    light: mix(channels, 255, 0.85),
    dark: mix(channels, 0, 0.3),
    r,
    g,
    b,
  }
}
