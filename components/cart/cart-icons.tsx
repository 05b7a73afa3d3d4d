// Stroke icons of the cart controls (24 px grid, currentColor).
import { Svg, type IconProps } from "@/components/ui/icons";

export { PlusIcon } from "@/components/ui/icons";

export const MinusIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12h14" />
  </Svg>
);
