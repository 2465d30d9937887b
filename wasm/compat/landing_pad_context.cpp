// The landing-pad context of WebAssembly exception handling for the module with threads
// (wasm/CMakeLists.txt, MECHID_WASM_THREADS), in place of libunwind's Unwind-wasm.c.
//
// Why: clang 14 (Debian 12's, under Emscripten 3.1.6) stores each landing pad's index and LSDA
// address into the global __wasm_lpad_context as an ordinary global, while libunwind's
// multithreaded build declares it thread_local; the personality routine then reads another
// address, matches no catch clause, and every typed catch fails (catch (const InputError&) never
// catches: measured, docs/toolchain.md pitfall 23).
// Defining the context here as the same ordinary global (and the functions that read it, so that
// libunwind's object is not linked) makes the two agree. The cost: two threads that unwind an
// exception at the same instant share the context, and one of them may then take the wrong catch
// clause. The core throws only for bad input (InputError), mostly in its checks before any
// parallel loop; two tasks throwing within the same few instructions is what it would take.
//
// The functions follow the Itanium C++ ABI's unwinding interface (sec. 1.6, "_Unwind_*") as
// WebAssembly uses it: one phase (no search phase), the personality called once per landing pad.
#include <unwind.h>

#include <cstdint>

#if defined(__wasm_exception_handling__)

extern "C" {

// Written by the compiled landing pads before they call _Unwind_CallPersonality (index, LSDA),
// read back after it (selector: which catch clause matched).
struct _Unwind_LandingPadContext {
  std::uintptr_t lpad_index;
  std::uintptr_t lsda;
  std::uintptr_t selector;
};

struct _Unwind_LandingPadContext __wasm_lpad_context;

_Unwind_Reason_Code __gxx_personality_wasm0(int version, _Unwind_Action actions, uint64_t exception_class,
                                            struct _Unwind_Exception* exception, struct _Unwind_Context* context);

// Asks the C++ personality routine which clause of the current landing pad catches `exception`.
_Unwind_Reason_Code _Unwind_CallPersonality(void* exception) {
  auto* object = static_cast<_Unwind_Exception*>(exception);
  __wasm_lpad_context.selector = 0;
  return __gxx_personality_wasm0(1, _UA_CLEANUP_PHASE, object->exception_class, object,
                                 reinterpret_cast<_Unwind_Context*>(&__wasm_lpad_context));
}

// Throws with the C++ tag (index 0): unwinding is the engine's.
_Unwind_Reason_Code _Unwind_RaiseException(struct _Unwind_Exception* exception) {
  __builtin_wasm_throw(0, exception);
  __builtin_unreachable();
}

void _Unwind_DeleteException(struct _Unwind_Exception* exception) {
  if (exception->exception_cleanup) exception->exception_cleanup(_URC_FOREIGN_EXCEPTION_CAUGHT, exception);
}

// The personality routine reports the matching clause in register 1; nothing else is set.
void _Unwind_SetGR(struct _Unwind_Context* context, int index, _Unwind_Word value) {
  if (index == 1) reinterpret_cast<_Unwind_LandingPadContext*>(context)->selector = value;
}

// The personality routine reads the call-site table as 1-based indices after subtracting 1.
_Unwind_Word _Unwind_GetIP(struct _Unwind_Context* context) {
  return reinterpret_cast<_Unwind_LandingPadContext*>(context)->lpad_index + 2;
}

void _Unwind_SetIP(struct _Unwind_Context* context, _Unwind_Word value) {
  (void)context;
  (void)value;
}

void* _Unwind_GetLanguageSpecificData(struct _Unwind_Context* context) {
  return reinterpret_cast<void*>(reinterpret_cast<_Unwind_LandingPadContext*>(context)->lsda);
}

_Unwind_Ptr _Unwind_GetRegionStart(struct _Unwind_Context* context) {
  (void)context;
  return 0;
}

}  // extern "C"

#endif
