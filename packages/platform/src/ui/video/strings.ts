// The player's strings, in the platform's 'common' namespace, registered when the player's chunk
// loads (a page without a video does not carry them). A function, not a bare import: the package is
// free of side effects for the bundler, which would drop an import made for its effect.
import { registerTranslations } from '../../i18n';

export const registerPlayerStrings = () => registerTranslations('common', {
  mn: {
    video: {
      player: 'Видео тоглуулагч',
      speed: 'Хурд',
      speedValue: '{{speed}}×',
      speedValueLabel: 'Хурд {{speed}}×',
      speedChanged: 'Хурд: {{speed}}×',
      subtitles: 'Хадмал',
      subtitlesOn: 'Хадмал асаалттай',
      subtitlesOff: 'Хадмал унтраалттай',
      quality: 'Чанар',
      qualityAuto: 'Автомат',
      qualityAudio: 'Зөвхөн дуу',
      qualityChanged: 'Чанар: {{quality}}',
      muted: 'Дуу хаалттай',
      unmuted: 'Дуу нээлттэй',
      resumed: 'Өмнө зогссон газраас ({{time}}) үргэлжлүүллээ.',
      startOver: 'Эхнээс нь үзэх',
      keys: 'Товчлуурууд',
      key: {
        playPause: 'Тоглуулах / зогсоох',
        back: '5 секунд ухраах (J: 10 секунд)',
        forward: '5 секунд урагшлуулах (L: 10 секунд)',
        speed: 'Хурд багасгах / нэмэх',
        subtitles: 'Хадмал асаах / унтраах',
        mute: 'Дуу хаах / нээх',
        fullscreen: 'Бүтэн дэлгэц',
        jump: 'Видеоны 0–90 % руу үсрэх',
      },
    },
  },
  en: {
    video: {
      player: 'Video player',
      speed: 'Speed',
      speedValue: '{{speed}}×',
      speedValueLabel: 'Speed {{speed}}×',
      speedChanged: 'Speed: {{speed}}×',
      subtitles: 'Subtitles',
      subtitlesOn: 'Subtitles on',
      subtitlesOff: 'Subtitles off',
      quality: 'Quality',
      qualityAuto: 'Auto',
      qualityAudio: 'Audio only',
      qualityChanged: 'Quality: {{quality}}',
      muted: 'Muted',
      unmuted: 'Sound on',
      resumed: 'Resumed where you stopped ({{time}}).',
      startOver: 'Start over',
      keys: 'Keyboard',
      key: {
        playPause: 'Play / pause',
        back: 'Back 5 seconds (J: 10 seconds)',
        forward: 'Forward 5 seconds (L: 10 seconds)',
        speed: 'Slower / faster',
        subtitles: 'Subtitles on / off',
        mute: 'Mute / unmute',
        fullscreen: 'Full screen',
        jump: 'Jump to 0–90 % of the video',
      },
    },
  },
});
