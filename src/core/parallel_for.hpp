// The core's threads (issue 55, item 4): a process-wide pool that runs the independent tasks of a
// data-parallel loop on the machine's cores, like Eigen::setNbThreads for Eigen's own products.
// The caller splits the work into tasks that do not depend on the number of threads (column blocks
// of a fixed width, say) and that write disjoint outputs; the pool only decides which thread runs
// which task. Every number is therefore the same, bit for bit, whatever the thread count.
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

#include "core/types.hpp"

namespace mechid {

// The threads parallel_for may use, the caller's included: 1 (the default) runs every task on the
// caller's thread and starts no thread at all (the WebAssembly build without threads relies on it).
// Values below 1 mean 1. From another thread it waits until a running parallel_for has finished;
// from inside a task it throws std::logic_error (it would wait for itself).
void set_thread_count(int threads);

// The thread count set_thread_count set last (1 before any call).
int thread_count();

// Calls task(t) for t = 0 … tasks − 1, each once, on up to set_thread_count's threads, and returns
// when all have returned. Tasks must write disjoint data. Called from inside a task it runs its own
// tasks on the calling thread. When tasks throw, one of their exceptions (the first caught, which
// with threads may not be the lowest task's) is rethrown here after all tasks have finished.
void parallel_for(Eigen::Index tasks, const std::function<void(Eigen::Index task)>& task);

// parallel_for over the fixed partition of [0, count) into blocks of `width` (the last one
// shorter): block(begin, size) for each.
void parallel_for_blocks(Eigen::Index count, Eigen::Index width,
                         const std::function<void(Eigen::Index begin, Eigen::Index size)>& block);

// parallel_for over the blocks [bounds[i], bounds[i + 1]) of an increasing list of boundaries:
// block(begin, size) for each, in the list's order (put the costlier blocks first: a thread that
// finishes early takes the next one, so cheap blocks last even out the threads' ends).
void parallel_for_ranges(const std::vector<Eigen::Index>& bounds,
                         const std::function<void(Eigen::Index begin, Eigen::Index size)>& block);

// Appends to `bounds` (which ends at `begin`, or is empty) the boundaries of ⌈(end − begin) / width⌉
// blocks of [begin, end) whose sizes differ by at most one: blocks of equal cost when each index
// costs the same (fixed blocks of `width` leave a short last one, which on two threads lets one
// thread idle while the other runs a full block). They depend on the sizes only, not on the threads.
void append_even_blocks(std::vector<Eigen::Index>& bounds, Eigen::Index begin, Eigen::Index end, Eigen::Index width);

// The boundaries of the row blocks of add_lower_outer_product for C of `rows` rows: ⌈rows / 32⌉
// blocks (at most 16) of equal area of the lower triangle, block k ending at rows √((k + 1) / B),
// so that each costs about the same (block a … a + w − 1 holds w a + w²/2 entries).
std::vector<Eigen::Index> lower_triangle_blocks(Eigen::Index rows);

// C's lower triangle += α B B' (the strictly upper part untouched): the rank updates of Gram
// matrices and normal equations, by blocks of rows of C (lower_triangle_blocks: they depend on
// B's rows only) on the core's threads: per block, the part left of the diagonal as a product and
// the diagonal block as a symmetric rank update. B may be an expression (X.transpose() for X'X).
// C is a Matrix or a square block of one.
template <class Target, class Rows>
void add_lower_outer_product(Target&& C, const Rows& B, double alpha = 1.0) {
  parallel_for_ranges(lower_triangle_blocks(B.rows()), [&](Eigen::Index a, Eigen::Index w) {
    if (a > 0) C.block(a, 0, w, a).noalias() += alpha * B.middleRows(a, w) * B.topRows(a).transpose();
    C.block(a, a, w, w).template selfadjointView<Eigen::Lower>().rankUpdate(B.middleRows(a, w), alpha);
  });
}

}  // namespace mechid
