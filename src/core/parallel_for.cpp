#include "core/parallel_for.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace mechid {
namespace {

// A job: tasks handed out by an atomic counter, so a thread that finishes early takes the next one.
struct Job {
  const std::function<void(Eigen::Index)>* task = nullptr;
  Eigen::Index tasks = 0;
  std::atomic<Eigen::Index> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;

  void work() {
    for (Eigen::Index t; (t = next.fetch_add(1)) < tasks;) {
      try {
        (*task)(t);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    }
  }
};

thread_local bool inside_task = false;

// How long a thread that waits for the other side (a worker for the next job, the caller for the
// workers to finish) polls before it sleeps on the condition variable: a wake-up through the
// kernel takes tens of microseconds on a virtual machine, and the exact-sampling Jacobian hands
// the pool a job per chunk of samples (261 per Jacobian on the 24-DOF chain), each taking well
// under a millisecond. Polling is bounded, so an idle pool sleeps.
constexpr std::chrono::microseconds kPollBeforeSleep{200};

// Polls `ready` for up to kPollBeforeSleep; true when it held.
template <class Ready>
bool poll(const Ready& ready) {
  const auto until = std::chrono::steady_clock::now() + kPollBeforeSleep;
  do {
    for (int i = 0; i < 64; ++i)
      if (ready()) return true;
    std::this_thread::yield();
  } while (std::chrono::steady_clock::now() < until);
  return ready();
}

// The workers wait for a new job (a generation count), work on it, and report when done.
class Pool {
 public:
  explicit Pool(int workers) {
    Eigen::initParallel();  // Eigen's cache sizes set before threads call its products
    try {
      for (int w = 0; w < workers; ++w) threads_.emplace_back([this] { loop(); });
    } catch (...) {  // a thread that could not start: stop those that did
      stop();
      throw;
    }
  }
  ~Pool() { stop(); }
  int workers() const { return static_cast<int>(threads_.size()); }

  void run(Job& job) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      job_ = &job;
      busy_ = static_cast<int>(threads_.size());
      ++generation_;
    }
    wake_.notify_all();
    inside_task = true;
    job.work();
    inside_task = false;
    if (!poll([this] { return busy_.load(std::memory_order_acquire) == 0; })) {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [this] { return busy_ == 0; });
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    job_ = nullptr;
  }

 private:
  void loop() {
    inside_task = true;
    unsigned long seen = 0;
    for (;;) {
      poll([&] { return stopping_.load(std::memory_order_acquire) || generation_.load(std::memory_order_acquire) != seen; });
      Job* job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
        job = job_;
      }
      job->work();
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (--busy_ == 0) done_.notify_one();
      }
    }
  }

  void stop() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  Job* job_ = nullptr;
  // Changed under mutex_ (so that a sleeper's condition cannot be missed), read by pollers without it.
  std::atomic<unsigned long> generation_{0};
  std::atomic<int> busy_{0};
  std::atomic<bool> stopping_{false};
};

std::atomic<int> requested_threads{1};
std::unique_ptr<Pool> pool;  // requested_threads − 1 workers, started by the first parallel_for that needs them
std::mutex pool_mutex;       // one parallel_for at a time uses the pool

}  // namespace

void set_thread_count(int threads) {
  if (inside_task) throw std::logic_error("set_thread_count called from inside a parallel_for task");
  const std::lock_guard<std::mutex> lock(pool_mutex);
  requested_threads = threads < 1 ? 1 : threads;
  if (pool && pool->workers() != requested_threads - 1) pool.reset();
}

int thread_count() { return requested_threads; }

void parallel_for(Eigen::Index tasks, const std::function<void(Eigen::Index task)>& task) {
  Job job;
  job.task = &task;
  job.tasks = tasks;
  std::unique_lock<std::mutex> lock(pool_mutex, std::defer_lock);
  if (tasks > 1 && requested_threads > 1 && !inside_task && lock.try_lock()) {
    if (!pool) pool = std::make_unique<Pool>(requested_threads - 1);  // read under the lock set_thread_count takes
    pool->run(job);
  } else {
    job.work();  // one thread, one task, a nested loop, or the pool busy with another caller's loop
  }
  if (job.error) std::rethrow_exception(job.error);
}

void parallel_for_blocks(Eigen::Index count, Eigen::Index width,
                         const std::function<void(Eigen::Index begin, Eigen::Index size)>& block) {
  parallel_for((count + width - 1) / width, [&](Eigen::Index b) { block(b * width, std::min(width, count - b * width)); });
}

void parallel_for_ranges(const std::vector<Eigen::Index>& bounds,
                         const std::function<void(Eigen::Index begin, Eigen::Index size)>& block) {
  const auto tasks = static_cast<Eigen::Index>(bounds.size()) - 1;
  parallel_for(std::max<Eigen::Index>(tasks, 0), [&](Eigen::Index b) {
    const auto i = static_cast<std::size_t>(b);
    block(bounds[i], bounds[i + 1] - bounds[i]);
  });
}

void append_even_blocks(std::vector<Eigen::Index>& bounds, Eigen::Index begin, Eigen::Index end, Eigen::Index width) {
  if (bounds.empty()) bounds.push_back(begin);
  const Eigen::Index count = end - begin;
  if (count <= 0) return;
  const Eigen::Index blocks = (count + width - 1) / width;
  for (Eigen::Index k = 1; k <= blocks; ++k) bounds.push_back(begin + count * k / blocks);
}

std::vector<Eigen::Index> lower_triangle_blocks(Eigen::Index rows) {
  const Eigen::Index blocks = std::clamp<Eigen::Index>((rows + 31) / 32, 1, 16);
  std::vector<Eigen::Index> bounds{0};
  for (Eigen::Index k = 1; k <= blocks; ++k) {
    const auto end = static_cast<Eigen::Index>(std::lround(static_cast<double>(rows) * std::sqrt(static_cast<double>(k) / blocks)));
    if (end > bounds.back()) bounds.push_back(std::min(end, rows));
  }
  if (bounds.back() < rows) bounds.push_back(rows);
  return bounds;
}

}  // namespace mechid
