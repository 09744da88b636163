/** The kept Snowball stemmers (snowball-stemmers ships no types): only what the search uses. */
declare module "snowball-stemmers" {
  interface Stemmer {
    stem(word: string): string
  }
  const snowball: { newStemmer(language: string): Stemmer; algorithms(): string[] }
  export default snowball
}
