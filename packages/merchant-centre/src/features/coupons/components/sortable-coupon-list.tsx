import { DragDropContext, Draggable, Droppable } from '@hello-pangea/dnd';
import type { DropResult } from '@hello-pangea/dnd';
import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import { CouponRow } from './coupon-row';
import { StillCouponList } from './still-coupon-list';

export type SortableCouponListProps = {
  coupons: readonly ScreenCoupon[];
  onMove: (from: number, to: number) => void;
  onDelete: (coupon: ScreenCoupon) => void;
};

/**
 * The coupons in their order. With more than one coupon, rows can be dragged by
 * their handle, with the mouse or touch, or with the keyboard: focus a handle,
 * space to lift, arrow keys to move, space to drop, Escape to cancel.
 */
export function SortableCouponList({ coupons, onMove, onDelete }: SortableCouponListProps) {
  if (coupons.length <= 1) return <StillCouponList coupons={coupons} onDelete={onDelete} />;

  function handleDragEnd(result: DropResult) {
    if (!result.destination) return;
    onMove(result.source.index, result.destination.index);
  }

  return (
    <DragDropContext
      onDragEnd={handleDragEnd}
      dragHandleUsageInstructions="Press space to lift the coupon, the up and down arrow keys to move it, space to drop it in its new place, or Escape to cancel."
    >
      <Droppable droppableId="coupons">
        {(droppable) => (
          <ul ref={droppable.innerRef} {...droppable.droppableProps} className="grid">
            {coupons.map((coupon, index) => (
              <Draggable key={coupon.couponId} draggableId={String(coupon.couponId)} index={index}>
                {(draggable, snapshot) => (
                  <li ref={draggable.innerRef} {...draggable.draggableProps} className="pb-4">
                    <CouponRow
                      coupon={coupon}
                      position={index + 1}
                      total={coupons.length}
                      dragHandleProps={draggable.dragHandleProps}
                      isDragging={snapshot.isDragging}
                      onDelete={onDelete}
                    />
                  </li>
                )}
              </Draggable>
            ))}
            {droppable.placeholder}
          </ul>
        )}
      </Droppable>
    </DragDropContext>
  );
}
