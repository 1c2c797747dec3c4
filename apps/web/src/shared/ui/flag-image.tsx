import classes from "./flag-image.module.css";

type FlagImageProps = {
  /** The SVG flag served by the API (`flag_url`). */
  url: string;
  /** Height in pixels; flags keep a 4:3 box. */
  size?: number;
};

/**
 * A country flag as an image. Emoji flags are not used because many systems (Windows, Linux
 * without an emoji font) show two letters instead. The image is decorative: the country name is
 * always written next to it, so `alt` is empty.
 */
export const FlagImage = ({ url, size = 15 }: FlagImageProps) => (
  <img
    className={classes.flag}
    src={url}
    alt=""
    width={Math.round((size * 4) / 3)}
    height={size}
    loading="lazy"
    decoding="async"
  />
);
