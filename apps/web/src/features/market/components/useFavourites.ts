import { create } from 'zustand';
import { readCollectedList, writeCollectedList, type CollectedCoin } from '../../../lib/storage.ts';
import { isCollected, toggleCollected } from '../model/favourites.ts';

/** Favourites from COLLECTED_LIST, mirrored in a store so every star on screen agrees. */
interface FavouritesState {
  list: CollectedCoin[];
  toggle(coin: CollectedCoin): void;
}

export const useFavourites = create<FavouritesState>((set, get) => ({
  list: readCollectedList(),
  toggle(coin) {
    const list = toggleCollected(get().list, coin);
    writeCollectedList(list);
    set({ list });
  },
}));

export const useIsFavourite = (id: string): boolean => useFavourites((s) => isCollected(s.list, id));
