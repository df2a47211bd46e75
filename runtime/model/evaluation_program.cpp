// Model assembly, last step: the evaluation steps compiled into Programs (model_steps.h).
#include "runtime/model/model_steps.h"

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
      // The calculations from here on with the same batch function, if there are several.
      auto batch = s.calc->batch;
      size_t same = 1;
      while (batch != nullptr && k + same < steps.size() && steps[k + same].calc != nullptr &&
             steps[k + same].calc->batch == batch)
        ++same;
      const int begin = static_cast<int>(p.calcs.size());
      for (size_t j = k; j < k + same; ++j) {
        p.calcs.push_back({steps[j].calc->call, steps[j].calc->context, steps[j].object});
        p.contexts.push_back(steps[j].calc->context);
      }
      if (same > 1) {
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
