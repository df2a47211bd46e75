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
  for (const Step& s : steps) {
    if (s.calc != nullptr) {
      add(Kind::kCalc, static_cast<int>(p.calcs.size()));
      p.calcs.push_back({s.calc->call, s.calc->context, s.object});
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
