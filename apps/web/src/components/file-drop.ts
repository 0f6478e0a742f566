import { type DragEvent, useState } from 'react';

/**
 * Dropping files on an area: `isDragging` while files are held over it, and the handlers to spread
 * on the area. `onFiles` gets the dropped files (never an empty list).
 */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [isDragging, setDragging] = useState(false);
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      if (event.dataTransfer.files.length) onFiles(event.dataTransfer.files);
    },
  };
  return { isDragging, dropProps };
}
