// Model assembly, last step: the evaluation steps compiled into Programs (model_steps.h).
#include "runtime/model/model_steps.h"
#include "runtime/model/object_wiring.h"

namespace hawser {

Model::Program Model::Program::Compile(const std::vector<Step>& steps,
                                       const std::vector<Combiner>& combiners) {
  Program p;
  auto add = [&p](Kind kind, int index) {
    if (p.runs.empty() || p.runs.back().kind != kind) p.runs.push_back({kind, index, index});
    ++p.runs.back().end;
  };
  for (size_t k = 0; k < steps.size(); ++k) {
    const Step& s = steps[k];
    if (s.calc != nullptr) {
      // The calculations from here on with the same kernel or batch function, if there are
      // several (a kernel's run also for one: its items are the faster path).
      const Kernel& kernel = ObjectWiring::Parts(*s.calc).kernel;
      auto batch = ObjectWiring::Parts(*s.calc).batch;
      auto joins = [&](const CalcInfo* c) {
        if (c == nullptr) return false;
        const ObjectWiring::CalcParts parts = ObjectWiring::Parts(*c);
        return kernel ? parts.kernel.run == kernel.run : parts.batch == batch;
      };
      size_t same = 1;
      while ((kernel || batch != nullptr) && k + same < steps.size() && joins(steps[k + same].calc))
        ++same;
      const int begin = static_cast<int>(p.calcs.size());
      for (size_t j = k; j < k + same; ++j) {
        const ObjectWiring::CalcParts parts = ObjectWiring::Parts(*steps[j].calc);
        p.calcs.push_back({parts.call, parts.context, steps[j].object});
        p.contexts.push_back(parts.context);
      }
      if (kernel) {
        KernelBatch& items = p.kernels.emplace_back();
        for (size_t j = k; j < k + same; ++j) items.Add(ObjectWiring::Parts(*steps[j].calc).kernel);
        p.runs.push_back({Kind::kKernel, begin, static_cast<int>(p.calcs.size()), nullptr,
                          static_cast<int>(p.kernels.size()) - 1});
        k += same - 1;
      } else if (same > 1) {
        p.runs.push_back({Kind::kBatch, begin, static_cast<int>(p.calcs.size()), batch});
        k += same - 1;
      } else {
        add(Kind::kCalc, begin);
      }
      continue;
    }
    const Combiner& c = combiners[s.combiner];
    if (Sum2::Fits(c)) {
      add(Kind::kSum2, static_cast<int>(p.sums2.size()));
      p.sums2.push_back(
          {c.dst.data(), c.terms[0].src, c.terms[1].src, static_cast<int>(c.dst.size())});
    } else {
      add(Kind::kCombiner, static_cast<int>(p.combiners.size()));
      p.combiners.push_back(&c);
    }
  }
  return p;
}

}  // namespace hawser
