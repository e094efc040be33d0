export { type ColourPalette, colourPalette } from './palette'
