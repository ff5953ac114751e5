// The UI kit: a few accessible components over the theme in styles.css. A full kit (Mantine), shared,
// weighed more than the whole first-visit budget (docs/benchmarks.md).
export { Button, type ButtonProps } from './Button';
export { TextAreaField, TextField, type TextAreaFieldProps, type TextFieldProps } from './TextField';
export { Alert, EmptyState, LoadError, Loader } from './feedback';
export { LoadingCards } from './LoadingCards';
export { Card, PageTitle, usePageTitle } from './layout';
export { AccessBadge, type AccessState } from './AccessBadge';
export { Badge, type BadgeTone } from './Badge';
export { minutesOf, MinutesListened, ProgressMark } from './ListeningProgress';
export { Modal, type ModalProps } from './Modal';
export { BundlePrice, earlyPriceOf, type BundleOffer, type BundlePriceProps } from './BundlePrice';
export { PaymentInstructions, type PaymentInstructionsProps, type PaymentOffer } from './PaymentInstructions';
export { QpayCheckout, type QpayCheckoutProps } from './QpayCheckout';
export { Poster, posterUrl, type PosterProps } from './Poster';
export { Truncated } from './Truncated';
export { VideoPlayer, type VideoPlayerProps } from './VideoPlayer';
export { useMediaQuery } from './useMediaQuery';
