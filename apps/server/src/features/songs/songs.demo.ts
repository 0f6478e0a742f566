// The demo seed adds its catalogue with the same builders as the tests (songs.factory.ts): a song,
// a later version of it, and the reviews of a version. The seed reaches them here, through the songs
// feature's demo entry point, like every other feature's demo data.
export { insertReview, insertRevision, insertSong } from './songs.factory.ts';
