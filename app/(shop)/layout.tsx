import { Suspense } from "react";
import { ShopShell } from "@/components/layout/shop-shell";
import { CartStoreWatch } from "./_catalog/cart-store-watch";

export default function ShopLayout({ children }: { children: React.ReactNode }) {
  return (
    <ShopShell>
      {children}
      <Suspense fallback={null}>
        <CartStoreWatch />
      </Suspense>
    </ShopShell>
  );
}
