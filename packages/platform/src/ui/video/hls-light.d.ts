// hls.js's light build (no subtitles, alternate audio, DRM or CMCD) is exported as 'hls.js/light'
// without types of its own: its API is the full build's, minus what the player does not use.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
