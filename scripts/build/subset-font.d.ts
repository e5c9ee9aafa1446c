/** Types of subset-font (it ships none): the part of its API the heading-font plugin calls. */
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Uint8Array>;
}
