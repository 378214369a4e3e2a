import { describe, expect, it } from 'vitest';
import { namedThings } from './named-things.js';

describe('namedThings', () => {
  it('finds quoted titles and capitalised runs inside the sentence, not its first word', () => {
    expect(namedThings('Who is the director of the movie "Twilight"?').names).toEqual(['Twilight']);
    expect(namedThings('When was the first movie of the collection Lord of the Rings released?').names).toEqual(['Lord of the Rings']);
    expect(namedThings("Remove the first song from my playlist 'My Rock'").names).toEqual(['My Rock']);
    expect(namedThings('Play the newest album of BIGBANG').names).toEqual(['BIGBANG']);
  });

  it('tells when a name is a person', () => {
    expect(namedThings('give me the number of movies directed by Sofia Coppola')).toEqual({ names: ['Sofia Coppola'], person: true });
    expect(namedThings('Who was the lead actor in the movie The Dark Knight?').person).toBe(false);
  });

  it('finds nothing in a request that names no particular thing', () => {
    expect(namedThings('Who directed the top-1 rated movie?')).toEqual({ names: [], person: false });
    expect(namedThings('give me a keyword of the most popular TV show')).toEqual({ names: [], person: false });
  });
});
