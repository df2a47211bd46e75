// hawser/c_api.h over Session: each function catches what the session throws and turns it into
// the status `hawser run` would exit with and a message kept per thread. No C++ exception
// crosses into the caller's C code.
#include "hawser/c_api.h"

#include <exception>
#include <new>
#include <string>

#include "runtime/embed/session.h"

struct hawser_model {
  std::unique_ptr<hawser::Session> session;
};

namespace {

thread_local std::string last_error;

/// Runs `fn`, mapping exceptions to statuses (the CLI's exit codes) and their messages.
template <class Fn>
hawser_status Guard(Fn&& fn) {
  last_error.clear();
  try {
    fn();
    return HAWSER_OK;
  } catch (const hawser::ScenarioErrors& e) {
    last_error = e.what();
    return HAWSER_BAD_INPUT;
  } catch (const hawser::ScenarioError& e) {
    last_error = e.what();
    return HAWSER_BAD_INPUT;
  } catch (const hawser::IoError& e) {
    last_error = std::string("error: ") + e.what();
    return HAWSER_IO_ERROR;
  } catch (const hawser::SimulationError& e) {
    last_error = std::string("error: ") + e.what();
    return HAWSER_SIMULATION_FAILED;
  } catch (const std::bad_alloc&) {
    last_error = "error: out of memory";
    return HAWSER_INTERNAL_ERROR;
  } catch (const std::exception& e) {
    last_error = std::string("internal error: ") + e.what();
    return HAWSER_INTERNAL_ERROR;
  }
}

hawser_status NullArgument(const char* what) {
  last_error = std::string("error: ") + what + " is NULL";
  return HAWSER_BAD_INPUT;
}

/// A `capacity` below `needed` entries is bad input, named in the message (as a wrong width).
void CheckCapacity(const char* what, size_t capacity, size_t needed) {
  if (capacity < needed) {
    throw hawser::ScenarioError({}, std::string(what) + ": the capacity " +
                                        std::to_string(capacity) + " is less than the " +
                                        std::to_string(needed) + " entries it needs");
  }
}

}  // namespace

extern "C" {

const char* hawser_last_error(void) { return last_error.c_str(); }

hawser_status hawser_create_from_file(const char* path, hawser_model** out) {
  if (out == nullptr) return NullArgument("out");
  *out = nullptr;
  if (path == nullptr) return NullArgument("path");
  return Guard([&] { *out = new hawser_model{hawser::Session::FromFile(path)}; });
}

hawser_status hawser_create_from_string(const char* xml, const char* name, hawser_model** out) {
  if (out == nullptr) return NullArgument("out");
  *out = nullptr;
  if (xml == nullptr) return NullArgument("xml");
  return Guard([&] {
    *out = new hawser_model{hawser::Session::FromText(xml, name != nullptr ? name : "scenario")};
  });
}

void hawser_destroy(hawser_model* model) { delete model; }

hawser_status hawser_set_input(hawser_model* model, const char* name, const double* values,
                               size_t n) {
  if (model == nullptr) return NullArgument("model");
  if (name == nullptr) return NullArgument("name");
  if (values == nullptr && n > 0) return NullArgument("values");
  return Guard([&] { model->session->SetInput(name, {values, n}); });
}

hawser_status hawser_advance(hawser_model* model, double t) {
  if (model == nullptr) return NullArgument("model");
  return Guard([&] { model->session->AdvanceTo(t); });
}

double hawser_time(const hawser_model* model) {
  return model != nullptr ? model->session->time() : 0.0;
}

hawser_status hawser_get(hawser_model* model, const char* name, double* values, size_t capacity,
                         size_t* width) {
  if (model == nullptr) return NullArgument("model");
  if (name == nullptr) return NullArgument("name");
  return Guard([&] {
    const std::vector<double> v = model->session->Get(name);
    if (width != nullptr) *width = v.size();
    if (values != nullptr && capacity >= v.size()) std::copy(v.begin(), v.end(), values);
  });
}

size_t hawser_state_size(const hawser_model* model) {
  return model != nullptr ? model->session->state().size() : 0;
}

const char* hawser_state_name(const hawser_model* model, size_t i) {
  if (model == nullptr || i >= model->session->state_names().size()) return nullptr;
  return model->session->state_names()[i].c_str();
}

hawser_status hawser_get_state(const hawser_model* model, double* x, size_t n) {
  if (model == nullptr) return NullArgument("model");
  if (x == nullptr && n > 0) return NullArgument("x");
  return Guard([&] {
    const std::span<const double> state = model->session->state();
    if (n != state.size()) {
      throw hawser::ScenarioError({}, "the state has " + std::to_string(state.size()) +
                                          " entries, not " + std::to_string(n));
    }
    std::copy(state.begin(), state.end(), x);
  });
}

hawser_status hawser_set_state(hawser_model* model, double t, const double* x, size_t n) {
  if (model == nullptr) return NullArgument("model");
  if (x == nullptr && n > 0) return NullArgument("x");
  return Guard([&] { model->session->SetState(t, {x, n}); });
}

hawser_status hawser_jacobian(hawser_model* model, double* jacobian, size_t capacity) {
  if (model == nullptr) return NullArgument("model");
  if (jacobian == nullptr) return NullArgument("jacobian");
  return Guard([&] {
    const size_t n = model->session->state().size();
    CheckCapacity("jacobian", capacity, n * n);
    const std::vector<double> j = model->session->Jacobian();
    std::copy(j.begin(), j.end(), jacobian);
  });
}

hawser_status hawser_mooring_stiffness(hawser_model* model, const char* body, double dx,
                                       double dtheta, double* stiffness, size_t capacity,
                                       size_t* rows) {
  if (model == nullptr) return NullArgument("model");
  if (body == nullptr) return NullArgument("body");
  if (stiffness == nullptr) return NullArgument("stiffness");
  return Guard([&] {
    CheckCapacity("mooring stiffness", capacity, 36);
    const std::vector<double> k =
        model->session->MooringStiffness(body, {.translation = dx, .rotation = dtheta});
    std::copy(k.begin(), k.end(), stiffness);
    if (rows != nullptr) *rows = k.size() == 9 ? 3 : 6;
  });
}

hawser_status hawser_save_state(const hawser_model* model, const char* path) {
  if (model == nullptr) return NullArgument("model");
  if (path == nullptr) return NullArgument("path");
  return Guard([&] { model->session->SaveState(path); });
}

hawser_status hawser_load_state(hawser_model* model, const char* path) {
  if (model == nullptr) return NullArgument("model");
  if (path == nullptr) return NullArgument("path");
  return Guard([&] { model->session->LoadState(path); });
}

}  // extern "C"
